import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { CodedError } from '../../lib/coded-error.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { collectList } from '../option-values.ts';
import { getRule } from '../../spec/lib/index.ts';
import { loadSuites, specRuleCatalogue, type SuiteDefinition } from '../../harness/index.ts';

interface ListOptions {
  json: boolean;
  suites: string[];
}

const kinds = ['suites', 'cases', 'rules'] as const;
type ListKind = (typeof kinds)[number];

/** One line of `list`: an id a run can filter on, with what it is. */
interface ListEntry {
  id: string;
  title: string;
  /** Suites: number of cases; cases: their rules; rules: the cases checking them. */
  detail: string[];
}

/**
 * `stet-harness list [suites|cases|rules] [--json]`: the ids `run --suite`, `--case` and `--rule`
 * accept, from the suites on disk (default: suites).
 */
export function register(program: Command): void {
  program
    .command('list')
    .description('list the suite, case or rule ids a run can filter on (--suite, --case, --rule)')
    .argument('[what]', `one of ${kinds.join(', ')}`, 'suites')
    .option('--json', 'print JSON', false)
    .option('--suites <path>', 'suite file or folder (repeatable; default suites/)', collectList, [])
    .addHelpText('after', examples('stet-harness list cases --suites suites/'))
    .action((what: string, options: ListOptions) => {
      const kind = kinds.find((k) => k === what);
      if (kind === undefined) {
        throw new CodedError('ERR_LIST_KIND', `cannot list ${what}`, {
          hint: `choose one of ${kinds.join(', ')}`,
        });
      }
      const suites = loadSuites(options.suites.length > 0 ? options.suites : ['suites'], specRuleCatalogue);
      const entries = listEntries(kind, suites);
      process.stdout.write(
        options.json
          ? `${JSON.stringify({ [kind]: entries }, null, 2)}\n`
          : entries
              .map((e) => `${e.id}  ${e.title}${e.detail.length > 0 ? `  [${e.detail.join(', ')}]` : ''}\n`)
              .join(''),
      );
      process.exitCode = ExitCode.Conforms;
    });
}

/** The entries of one kind, in suite order (rules sorted by id). */
export function listEntries(kind: ListKind, suites: readonly SuiteDefinition[]): ListEntry[] {
  switch (kind) {
    case 'suites':
      return suites.map((s) => ({ id: s.suite, title: s.title, detail: [`${s.cases.length} cases`] }));
    case 'cases':
      return suites.flatMap((s) =>
        s.cases.map((c) => ({ id: `${s.suite}/${c.id}`, title: c.title, detail: c.rules })),
      );
    case 'rules': {
      const byRule = new Map<string, string[]>();
      for (const s of suites)
        for (const c of s.cases)
          for (const rule of c.rules) byRule.set(rule, [...(byRule.get(rule) ?? []), `${s.suite}/${c.id}`]);
      return [...byRule.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([id, cases]) => ({
          id,
          title: getRule(id)?.title ?? '',
          detail: cases,
        }));
    }
  }
}
