import type { StoreTx } from '../store/index.ts';
import { parisDay } from '../../spec/lib/index.ts';
import type { FaultSet } from '../faults/catalogue.ts';

/** Batch accesses allowed per Paris calendar day and counted item (seed: Limits). */
export const dailyBatchAccesses = 4;

/** Collection of quota counters, key from {@link quotaKey}. */
export const quotasCollection = 'ais-quotas';

/** The resources counted by the batch quota. */
export type QuotaResource =
  'accounts' | 'end-user-identity' | 'balances' | 'transactions' | 'overdrafts' | 'owners';

/** What one batch access is counted against. */
export interface QuotaSubject {
  readonly institution: string;
  readonly psuId: string;
  readonly clientId: string;
  readonly resource: QuotaResource;
  /** The account or card resourceId; none for accounts and end-user-identity. */
  readonly resourceId: string | undefined;
  /** The access page (accounts, identity and transactions count per page; others are page 1). */
  readonly page: number;
  /** The PSU's current time: quotas count per Paris calendar day of the PSU's clock. */
  readonly now: Date;
}

/**
 * The counter key of a batch access: PSU first (so a PSU's counters are found by prefix), then the
 * Paris day, the AISP, the resource, the account or card and the page. Each page has its own counter,
 * so following the pagination links of an access is not counted against the first page.
 */
export function quotaKey(subject: QuotaSubject, dayOf: (now: Date) => string = parisDay): string {
  return [
    subject.institution,
    subject.psuId,
    dayOf(subject.now),
    subject.clientId,
    subject.resource,
    subject.resourceId ?? '-',
    String(subject.page),
  ].join(':');
}

/**
 * Counts one batch access (a call without PSU-IP-Address) and says whether it is within the daily
 * quota; the fifth of a day is refused TMRQ by the caller. Calls made while the PSU is `connected`
 * (PSU-IP-Address supplied, as the bank's choice QTA-EMPTY-PSU-IP-IS-BATCH reads it) are neither
 * limited nor counted.
 */
export async function consumeBatchAccess(
  tx: StoreTx,
  subject: QuotaSubject,
  call: {
    readonly connected: boolean;
    readonly faults: FaultSet;
    /** The calendar day of an instant (the bank's choice QTA-PARIS-DAY; the Paris day by default). */
    readonly dayOf?: (now: Date) => string;
  },
): Promise<boolean> {
  const { connected, faults } = call;
  if (connected && !faults.has('psu-ip-ignored-for-quotas')) return true;
  const counted: QuotaSubject = {
    ...subject,
    // Deviations in what is counted: every page as a new access, every account of the PSU together.
    page: faults.has('pagination-counted') ? 1 : subject.page,
    resourceId: faults.has('quota-per-psu-not-per-account') ? undefined : subject.resourceId,
  };
  const count = await tx.increment(quotasCollection, quotaKey(counted, call.dayOf));
  let allowed = dailyBatchAccesses;
  // Deviations in the allowance: a fifth call served, or the fourth refused.
  if (faults.has('fifth-batch-call-allowed')) allowed += 1;
  if (faults.has('fourth-batch-call-refused')) allowed -= 1;
  return count <= allowed;
}

/** Forgets every quota counter of a PSU (sandbox reset and clone). */
export async function deletePsuQuotas(tx: StoreTx, institution: string, psuId: string): Promise<void> {
  for (const { key } of await tx.list(quotasCollection, `${institution}:${psuId}:`)) {
    await tx.delete(quotasCollection, key);
  }
}
