/**
 * `run --write-baseline FILE --reason TEXT`: the baseline accepting exactly the deviations of a run,
 * one entry per rule × case and set of cells, each with the reason given (edit it per entry after).
 */
import { stringify } from 'yaml';
import type { CaseResult } from '../report/model.ts';
import type { BaselineEntry } from './baseline-schema.generated.ts';

/**
 * The baseline YAML accepting the failed (or accepted) cells of `results`: for each rule × case, the
 * institutions where it failed at the same versions share one entry, so the file accepts those cells
 * and no other (a product of versions × institutions never widens what was seen).
 */
export function baselineYaml(results: readonly CaseResult[], reason: string): string {
  return stringify({ accepted: baselineEntries(results, reason) });
}

/** The entries of {@link baselineYaml}, sorted by rule, case and first institution. */
export function baselineEntries(results: readonly CaseResult[], reason: string): BaselineEntry[] {
  // rule × case → institution → versions where it failed
  const cells = new Map<string, { rule: string; case: string; at: Map<string, Set<string>> }>();
  for (const r of results) {
    if (r.status !== 'failed' && r.status !== 'accepted') continue;
    for (const rule of r.rules) {
      const key = `${rule.id} ${r.suite}/${r.case}`;
      const found = cells.get(key) ?? {
        rule: rule.id,
        case: `${r.suite}/${r.case}`,
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
  for (const [, { rule, case: caseId, at }] of [...cells].sort(([a], [b]) => order(a, b))) {
    const byVersions = new Map<string, { versions: string[]; institutions: string[] }>();
    for (const [institution, set] of [...at].sort(([a], [b]) => order(a, b))) {
      const versions = [...set].sort(order);
      const group = byVersions.get(versions.join(' ')) ?? { versions, institutions: [] };
      group.institutions.push(institution);
      byVersions.set(versions.join(' '), group);
    }
    for (const { versions, institutions } of byVersions.values())
      entries.push({ rule, case: caseId, versions, institutions, reason });
  }
  return entries;
}
