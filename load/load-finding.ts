/**
 * Findings under load: the target broke a rule of the seed while loaded. Each names its rules, like
 * a suite result, and is counted by kind, institution and endpoint.
 */
import { getRule } from '../spec/lib/index.ts';

/** What went wrong. */
export type FindingKind =
  | 'server-error'
  | 'quota-let-through'
  | 'quota-refused-early'
  | 'connected-call-refused'
  | 'request-id-not-echoed'
  | 'second-token-set';

/** One finding, aggregated. */
export interface LoadFinding {
  kind: FindingKind;
  rules: Array<{ id: string; title: string; section: string }>;
  institution: string;
  endpoint: string;
  /** How many requests (or token sets) showed it. */
  count: number;
  /** One request that showed it. */
  example: { path: string; status: number; requestId: string; detail: string };
}

/** What each finding means, for reports. */
export const findingTitles: Readonly<Record<FindingKind, string>> = {
  'server-error': 'a 5xx answer to a valid request',
  'quota-let-through': 'a batch access over the four of the day was served instead of 429 TMRQ',
  'quota-refused-early': 'a batch access was refused before the fifth of the day',
  'connected-call-refused': 'a call with PSU-IP-Address (PSU connected) was refused 429',
  'request-id-not-echoed': 'the answer did not echo the X-Request-ID of the request',
  'second-token-set': 'more than one valid token set for one PSU, TPP and role',
};

/** Collects findings while the load runs. */
export class FindingBook {
  readonly #byKey = new Map<string, LoadFinding>();

  /** Counts one occurrence (`count` more for an aggregate). */
  add(options: {
    kind: FindingKind;
    ruleIds: readonly string[];
    institution: string;
    endpoint: string;
    example: LoadFinding['example'];
    count?: number;
  }): void {
    const key = `${options.kind}|${options.institution}|${options.endpoint}|${options.ruleIds.join(',')}`;
    const known = this.#byKey.get(key);
    if (known !== undefined) {
      known.count += options.count ?? 1;
      return;
    }
    this.#byKey.set(key, {
      kind: options.kind,
      rules: options.ruleIds.map((id) => {
        const rule = getRule(id);
        return { id, title: rule?.title ?? id, section: rule?.section ?? '' };
      }),
      institution: options.institution,
      endpoint: options.endpoint,
      count: options.count ?? 1,
      example: options.example,
    });
  }

  /** Every finding, by kind then institution then endpoint. */
  list(): LoadFinding[] {
    return [...this.#byKey.values()].sort(
      (a, b) =>
        a.kind.localeCompare(b.kind) ||
        a.institution.localeCompare(b.institution) ||
        a.endpoint.localeCompare(b.endpoint),
    );
  }
}
