/**
 * The run matrix: every selected case × version × institution, in a stable order (suite, case,
 * version, institution), before sharding.
 */
import type { SuiteDefinition } from '../suite/suite-definition.ts';
import type { Target } from '../targets/target-definition.ts';
import { cellKey } from '../report/model.ts';
import type { PlannedCase } from './run-case.ts';
import { caseSelected, takeShard, type RunFilter, type Shard } from './run-filter.ts';

/** Plans the cells of a run. */
export function planRun(
  suites: readonly SuiteDefinition[],
  target: Target,
  filter: RunFilter,
  shard?: Shard,
): PlannedCase[] {
  const cells: PlannedCase[] = [];
  const only = filter.cells === undefined ? undefined : new Set(filter.cells);
  const institutions = target.institutions.filter(
    (i) => filter.institutions.length === 0 || filter.institutions.includes(i.code),
  );
  for (const suite of suites) {
    for (const definition of suite.cases) {
      if (!caseSelected(filter, suite, definition)) continue;
      for (const version of definition.versions) {
        if (!target.versions.includes(version)) continue;
        if (filter.versions.length > 0 && !filter.versions.includes(version)) continue;
        for (const institution of institutions) {
          const key = cellKey({
            suite: suite.suite,
            case: definition.id,
            title: definition.title,
            version,
            institution: institution.code,
          });
          if (only === undefined || only.has(key)) cells.push({ suite, definition, version, institution });
        }
      }
    }
  }
  return takeShard(cells, shard);
}
