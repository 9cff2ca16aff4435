/**
 * Constraints of batch-access quotas (seed: Limits): 4 calls without PSU-IP-Address per calendar day
 * per PSU and access page, account or card, refused TMRQ beyond; calls with PSU-IP-Address
 * unlimited. The model counts per PSU, calendar day (Paris or UTC, see quota-commands.ts) and key,
 * for the calling TPP and for all TPPs together, each as an interval (a call the bank refused may or may not count): a call
 * must be refused when the calling TPP alone already made 4, and must not be refused TMRQ while all
 * TPPs together made fewer than 4. Between the two the seed's per-PSU count and a bank's split per
 * TPP (its choice QTA-PER-TPP) disagree, and nothing is judged.
 */
import { seedLimits } from '../seed-limits.ts';
import { carriesCode, isRefusal, type Answer } from '../answer.ts';
import { constraint, type Constraint } from '../constraint.ts';

/** The counting keys of the seed's Limits row, each with its rule. */
export const quotaKeyRules = {
  accounts: 'QTA-ACCOUNTS-4-PER-DAY',
  identity: 'QTA-IDENTITY-4-PER-DAY',
  balances: 'QTA-BALANCES-PER-ACCOUNT',
  transactions: 'QTA-TRANSACTIONS-PER-ACCOUNT',
  card: 'QTA-PER-CARD',
} as const;
/** One of {@link quotaKeyRules}. */
export type QuotaKind = keyof typeof quotaKeyRules;

/** A batch call judged: its answer, and the calls of its key already made this calendar day. */
export interface BatchInput extends Answer {
  /** Calls of the calling TPP known to have counted (answered 200). */
  ownCounted: number;
  /** Calls of every TPP that may have counted (every call made). */
  allMade: number;
  /**
   * Every consent reading grants the call: only then is TMRQ the refusal's reason (which of two
   * refusals a bank gives first is not the seed's to say).
   */
  otherwiseServed: boolean;
  what: string;
}

/** The 5th batch call of a day by the same TPP is refused, TMRQ when nothing else refuses it. */
export const overQuotaRefused = constraint<BatchInput>(
  'quotas.fifth-batch-call-tmrq',
  'QTA-EXCEEDED-TMRQ',
  (input) => {
    if (input.ownCounted < seedLimits.batchCallsPerDay) return undefined;
    if (!isRefusal(input))
      return `${input.what} after ${input.ownCounted} batch calls today was answered ${input.status}, not refused`;
    return !input.otherwiseServed || carriesCode(input, 'TMRQ')
      ? undefined
      : `${input.what} beyond the quota was refused without the code TMRQ`;
  },
);

/** Under 4 calls of its key this calendar day (all TPPs together), a batch call is not refused TMRQ. */
function underQuotaServed(kind: QuotaKind): Constraint<BatchInput> {
  return constraint<BatchInput>(`quotas.${kind}-under-limit-served`, quotaKeyRules[kind], (input) =>
    input.allMade < seedLimits.batchCallsPerDay && carriesCode(input, 'TMRQ')
      ? `${input.what} was refused TMRQ after only ${input.allMade} batch call(s) of its key this calendar day`
      : undefined,
  );
}

/** Per key: under the limit, served. */
export const underQuota: Record<QuotaKind, Constraint<BatchInput>> = {
  accounts: underQuotaServed('accounts'),
  identity: underQuotaServed('identity'),
  balances: underQuotaServed('balances'),
  transactions: underQuotaServed('transactions'),
  card: underQuotaServed('card'),
};

/** A call with PSU-IP-Address (the PSU connected) is never refused TMRQ. */
export const connectedUnlimited = constraint<Answer & { what: string }>(
  'quotas.connected-unlimited',
  'QTA-CONNECTED-UNLIMITED',
  (input) =>
    carriesCode(input, 'TMRQ') ? `${input.what}, with PSU-IP-Address, was refused TMRQ` : undefined,
);

/** The quota constraints. */
export const quotaConstraints = [overQuotaRefused, ...Object.values(underQuota), connectedUnlimited] as const;
