/**
 * `run --write-baseline FILE --reason TEXT`: the baseline accepting exactly the deviations of a run,
 * one entry per rule × case and set of cells, each with the reason given (edit it per entry after).
 * A deviation an entry of the run's own `--baseline` accepted keeps that entry's reason and `until`.
 */
import { stringify } from 'yaml';
import type { CaseResult } from '../report/model.ts';
import type { BaselineEntry, BaselineFile } from './baseline-schema.generated.ts';

/** Options of {@link baselineYaml}. */
export interface BaselineWriteOptions {
  /** The reason written into every entry no earlier entry explains. */
  reason: string;
  /** The baseline the run was compared with: the entries that accepted a cell give it their reason. */
  previous?: BaselineFile | undefined;
}

/**
 * The baseline YAML accepting the failed (or accepted) cells of `results`: for each rule × case (and
 * reason), the institutions where it failed at the same versions share one entry, so the file accepts
 * those cells and no other (a product of versions × institutions never widens what was seen).
 */
export function baselineYaml(results: readonly CaseResult[], options: BaselineWriteOptions): string {
  return stringify({ accepted: baselineEntries(results, options) });
}

/** The entries of {@link baselineYaml}, sorted by rule, case, reason and first institution. */
export function baselineEntries(
  results: readonly CaseResult[],
  options: BaselineWriteOptions,
): BaselineEntry[] {
  // rule × case × why → institution → versions where it failed
  const cells = new Map<string, { rule: string; case: string; why: Why; at: Map<string, Set<string>> }>();
  for (const r of results) {
    if (r.status !== 'failed' && r.status !== 'accepted') continue;
    const caseId = `${r.suite}/${r.case}`;
    for (const rule of r.rules) {
      const earlier = options.previous?.accepted.find(
        (e) =>
          e.rule === rule.id &&
          e.case === caseId &&
          (e.versions?.includes(r.version) ?? true) &&
          (e.institutions?.includes(r.institution) ?? true),
      );
      const why: Why =
        r.status === 'accepted' && earlier !== undefined
          ? { reason: earlier.reason, ...(earlier.until === undefined ? {} : { until: earlier.until }) }
          : { reason: options.reason };
      const key = `${rule.id} ${caseId} ${JSON.stringify(why)}`;
      const found = cells.get(key) ?? {
        rule: rule.id,
        case: caseId,
        why,
        at: new Map<string, Set<string>>(),
      };
      const versions = found.at.get(r.institution) ?? new Set<string>();
      versions.add(r.version);
      found.at.set(r.institution, versions);
      cells.set(key, found);
    }
  }
  const order = (a: string, b: string): number => a.localeCompare(b, 'en', { numeric: true });
  const entries: BaselineEntry[] = [];
  for (const [, { rule, case: caseId, why, at }] of [...cells].sort(([a], [b]) => order(a, b))) {
    const byVersions = new Map<string, { versions: string[]; institutions: string[] }>();
    for (const [institution, set] of [...at].sort(([a], [b]) => order(a, b))) {
      const versions = [...set].sort(order);
      const group = byVersions.get(versions.join(' ')) ?? { versions, institutions: [] };
      group.institutions.push(institution);
      byVersions.set(versions.join(' '), group);
    }
    for (const { versions, institutions } of byVersions.values())
      entries.push({ rule, case: caseId, versions, institutions, ...why });
  }
  return entries;
}

/** Why an entry is accepted: its reason and, when it has one, its last day. */
interface Why {
  reason: string;
  until?: string;
}
