import type { Command } from 'commander';
import { ExitCode } from '../../lib/exit-codes.ts';
import { getRule, listRules } from '../../spec/lib/index.ts';
import { loadSuites } from '../../harness/index.ts';

interface RulesOptions {
  coverage: boolean;
  json: boolean;
  suites: string[];
}

/** One rule with the cases (`suite/case`) that check it. */
export interface RuleCoverage {
  id: string;
  title: string;
  section: string;
  cases: string[];
}

/**
 * `stet-harness rules`: the rule catalogue of `spec/rules.yaml`; with `--coverage`, the cases that
 * check each rule and the rules no case checks (`--json` for machines).
 */
export function register(program: Command): void {
  program
    .command('rules')
    .description('list the rules of spec/rules.yaml; --coverage adds the cases checking each one')
    .option('--coverage', 'show the cases that check each rule, and the rules no case checks', false)
    .option('--json', 'print JSON', false)
    .option('--suites <path>', 'suite file or folder (repeatable; default suites/)', collect, [])
    .action((options: RulesOptions) => {
      const suites = loadSuites(options.suites.length > 0 ? options.suites : ['suites'], {
        has: (id) => getRule(id) !== undefined,
      });
      const byRule = new Map<string, string[]>();
      for (const suite of suites) {
        for (const c of suite.cases)
          for (const rule of c.rules)
            byRule.set(rule, [...(byRule.get(rule) ?? []), `${suite.suite}/${c.id}`]);
      }
      const rules: RuleCoverage[] = listRules().map((r) => ({
        id: r.id,
        title: r.title,
        section: r.section,
        cases: byRule.get(r.id) ?? [],
      }));
      const unchecked = rules.filter((r) => r.cases.length === 0).map((r) => r.id);
      if (options.json) {
        const out = options.coverage
          ? { rules, unchecked, checked: rules.length - unchecked.length, total: rules.length }
          : { rules: rules.map(({ cases: _cases, ...r }) => r) };
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      } else {
        for (const r of rules) {
          const cases = options.coverage
            ? r.cases.length === 0
              ? '  — not checked'
              : `  ← ${r.cases.join(', ')}`
            : '';
          process.stdout.write(`${r.id}  ${r.title}${cases}\n`);
        }
        if (options.coverage)
          process.stdout.write(
            `\n${rules.length - unchecked.length} of ${rules.length} rules checked; not checked: ${unchecked.length}\n`,
          );
      }
      process.exitCode = ExitCode.Conforms;
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
