import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { listRules } from '../../spec/lib/index.ts';
import { loadSuites, specRuleCatalogue } from '../../harness/index.ts';
import { ruleCoverage, type CoverageSummary } from '../../harness/suite/rule-coverage.ts';

interface RulesOptions {
  coverage: boolean;
  json: boolean;
  suites: string[];
}

/**
 * `stet-harness rules`: the rule catalogue of `spec/rules.yaml`; with `--coverage`, the cases that
 * check each rule, the rules no case checks, and apart, the rules no call of the API can show
 * (`check: manual`, with the reason) — those are not gaps (`--json` for machines).
 */
export function register(program: Command): void {
  program
    .command('rules')
    .description('list the rules of spec/rules.yaml; --coverage adds the cases checking each one')
    .option('--coverage', 'show the cases that check each rule, and the rules no case checks', false)
    .option('--json', 'print JSON', false)
    .option('--suites <path>', 'suite file or folder (repeatable; default suites/)', collect, [])
    .addHelpText('after', examples('stet-harness rules --coverage'))
    .action((options: RulesOptions) => {
      const suites = loadSuites(options.suites.length > 0 ? options.suites : ['suites'], specRuleCatalogue);
      const coverage = ruleCoverage(suites, listRules());
      if (options.json) {
        const out = options.coverage
          ? coverage
          : { rules: coverage.rules.map(({ cases: _cases, ...r }) => r) };
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      } else {
        process.stdout.write(options.coverage ? coverageText(coverage) : listText(coverage));
      }
      process.exitCode = ExitCode.Conforms;
    });
}

function listText(coverage: CoverageSummary): string {
  return coverage.rules.map((r) => `${r.id}  ${r.title}\n`).join('');
}

function coverageText(coverage: CoverageSummary): string {
  const lines = coverage.rules.map((r) => {
    const cases =
      r.check === 'manual'
        ? `  — not checkable through the API: ${r.reason ?? ''}`
        : r.cases.length === 0
          ? '  — not checked'
          : `  ← ${r.cases.join(', ')}`;
    return `${r.id}  ${r.title}${cases}`;
  });
  const gaps = coverage.unchecked.length === 0 ? '' : ` (${coverage.unchecked.join(', ')})`;
  lines.push(
    '',
    `${coverage.checked} of ${coverage.checkable} checkable rules checked; not checked: ${coverage.unchecked.length}${gaps}`,
    `not checkable through the API (check: manual in spec/rules.yaml), not counted as gaps: ${coverage.manual.length}`,
    ...coverage.manual.map((m) => `  ${m.id}: ${m.reason}`),
  );
  return `${lines.join('\n')}\n`;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
