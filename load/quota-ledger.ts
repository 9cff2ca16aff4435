/**
 * Counts batch accesses (calls without PSU-IP-Address) per PSU, Paris day and access, and judges them
 * against the seed's Limits: four a calendar day per PSU and access page (accounts, end-user-identity),
 * per PSU and account or card (balances, transactions per page, overdrafts, owners); the fifth is 429
 * TMRQ. Judged from counts, not from arrival order, so concurrent calls of one PSU are judged right.
 */
import { parisDay } from '../spec/lib/index.ts';
import type { FindingBook } from './load-finding.ts';

/** Batch accesses allowed per day and access (seed: Limits, "4 per calendar day"). */
export const batchAccessesPerDay = 4;

/** The rule of the seed's Limits that counts accesses of this endpoint, or undefined when none does. */
export function quotaRuleOf(endpoint: string): string | undefined {
  const path = endpoint.split(' ')[1] ?? '';
  if (/^\/accounts$/.test(path)) return 'QTA-ACCOUNTS-4-PER-DAY';
  if (/^\/end-user-identity$/.test(path)) return 'QTA-IDENTITY-4-PER-DAY';
  if (/\/balances$/.test(path)) return 'QTA-BALANCES-PER-ACCOUNT';
  if (/\/transactions$/.test(path)) return 'QTA-TRANSACTIONS-PER-ACCOUNT';
  if (/\/(overdrafts|owners)$/.test(path)) return 'QTA-OVERDRAFTS-OWNERS';
  return undefined;
}

interface Access {
  institution: string;
  endpoint: string;
  rule: string;
  /** A fresh sandbox clone: its counters started at zero with this run. */
  fresh: boolean;
  served: number;
  refused: number;
  lastServed: { path: string; status: number; requestId: string } | undefined;
  firstRefused: { path: string; status: number; requestId: string } | undefined;
}

/** The ledger of one run. */
export class QuotaLedger {
  readonly #accesses = new Map<string, Access>();

  /**
   * Records one batch access: `served` (2xx) or refused with TMRQ. Other answers are not accesses
   * the quota decided on and are not recorded.
   */
  record(options: {
    institution: string;
    psuId: string;
    fresh: boolean;
    endpoint: string;
    method: string;
    path: string;
    outcome: 'served' | 'refused';
    status: number;
    requestId: string;
    at?: Date;
  }): void {
    const rule = quotaRuleOf(options.endpoint);
    if (rule === undefined) return;
    const day = parisDay(options.at ?? new Date());
    const key = `${options.institution}:${options.psuId}:${day}:${options.method} ${options.path}`;
    let access = this.#accesses.get(key);
    if (access === undefined) {
      access = {
        institution: options.institution,
        endpoint: options.endpoint,
        rule,
        fresh: options.fresh,
        served: 0,
        refused: 0,
        lastServed: undefined,
        firstRefused: undefined,
      };
      this.#accesses.set(key, access);
    }
    const example = { path: options.path, status: options.status, requestId: options.requestId };
    if (options.outcome === 'served') {
      access.served += 1;
      access.lastServed = example;
    } else {
      access.refused += 1;
      access.firstRefused ??= example;
    }
  }

  /**
   * Adds the findings: more than four served in a day (the fifth let through), and, for fresh PSUs
   * only (a real PSU may have spent its accesses before the run), a refusal before the fourth served.
   */
  judge(findings: FindingBook): void {
    for (const access of this.#accesses.values()) {
      if (access.served > batchAccessesPerDay && access.lastServed !== undefined) {
        findings.add({
          kind: 'quota-let-through',
          ruleIds: ['QTA-EXCEEDED-TMRQ', access.rule],
          institution: access.institution,
          endpoint: access.endpoint,
          count: access.served - batchAccessesPerDay,
          example: {
            ...access.lastServed,
            detail: `${access.served} batch accesses served in one Paris day; the fifth must be 429 TMRQ`,
          },
        });
      }
      if (access.fresh && access.refused > 0 && access.served < batchAccessesPerDay && access.firstRefused) {
        findings.add({
          kind: 'quota-refused-early',
          ruleIds: [access.rule],
          institution: access.institution,
          endpoint: access.endpoint,
          example: {
            ...access.firstRefused,
            detail: `refused TMRQ after ${access.served} batch access(es) of the day; four are allowed`,
          },
        });
      }
    }
  }

  /** Accesses recorded (for tests and the report). */
  get size(): number {
    return this.#accesses.size;
  }
}
