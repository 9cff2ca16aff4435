import { chmodSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { CodedError } from '../../lib/coded-error.ts';
import { loadVersionCalendar, schemaValidator } from '../../spec/lib/index.ts';
import {
  loadSuites,
  loadTarget,
  planRun,
  runSuites,
  specRuleCatalogue,
  targetCalendar,
  type RunFilter,
  type Target,
} from '../../harness/index.ts';
import { ConsoleReporter } from '../../harness/report/console-reporter.ts';
import { reproScript } from '../../harness/report/repro-script.ts';
import { shellQuote } from '../../harness/report/curl.ts';
import { startEmbeddedTarget } from '../embedded-target.ts';
import { checkFaultNames } from '../fault-names.ts';
import { checkFilterWithSuggestions } from '../filter-suggestions.ts';
import { examples } from '../help-format.ts';
import { checkOutputFile } from '../output-paths.ts';
import { toolVersion } from '../option-values.ts';
import { verdictExitCode } from '../verdict-exit-code.ts';

/** A `repro` option the user must fix. */
export class ReproOptionError extends CodedError<'ERR_REPRO_OPTION'> {}

interface ReproOptions {
  readonly target: string | undefined;
  readonly version: string | undefined;
  readonly institution: string | undefined;
  readonly fault: string[];
  readonly out: string | undefined;
}

const root = resolve(import.meta.dirname, '../..');

/**
 * `stet-harness repro CASE`: runs one case × version × institution again against a live target (or
 * the embedded reference with `--fault`), prints its verdict, and writes a bash script that runs it
 * again as is (`stet-harness run` of that one cell) followed by its requests as `stet-harness sign`
 * commands to edit. Exit codes as `run`: 0 passes, 1 fails, 2 could not run.
 */
export function register(program: Command): void {
  program
    .command('repro')
    .description(
      'run one case again against a live target and write a bash script reproducing it (the one-cell run, then each request as a `stet-harness sign` command)',
    )
    .argument('<case>', 'case id, `case` or `suite/case` (`stet-harness list cases`)')
    .option('--target <file>', 'target file; default: the embedded reference (with --fault)')
    .option('--version <version>', 'API version of the cell; default: the first the case runs on')
    .option('--institution <code>', 'institution code of the cell; default: the target’s first')
    .option(
      '--fault <name>',
      'without --target: start the embedded reference with this deviation (repeatable)',
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option('--out <file>', 'script to write; default: repro-<suite>-<case>.sh in the current folder')
    .addHelpText(
      'after',
      examples(
        'stet-harness repro error-codes/ngac-not-consented-account --target targets/my-bank.yaml --version v1.6.2 --institution 10101 --out repro.sh',
        'bash repro.sh',
      ),
    )
    .action(async (caseId: string, options: ReproOptions) => {
      process.exitCode = await repro(caseId, options);
    });
}

async function repro(caseId: string, options: ReproOptions): Promise<number> {
  checkFaultNames(options.fault);
  if (options.target !== undefined && options.fault.length > 0)
    throw new ReproOptionError('ERR_REPRO_OPTION', '--fault applies to the embedded reference only', {
      hint: 'drop --target, or start your server with its own --fault',
    });
  const suites = loadSuites(['suites'], specRuleCatalogue);
  const filter: RunFilter = {
    suites: [],
    cases: [caseId],
    rules: [],
    versions: options.version === undefined ? [] : [options.version],
    institutions: options.institution === undefined ? [] : [options.institution],
    tags: [],
  };
  checkFilterWithSuggestions(filter, suites);
  const targetFile = options.target === undefined ? undefined : resolve(options.target);
  const embedded =
    targetFile === undefined ? await startEmbeddedTarget({ faults: options.fault }) : undefined;
  try {
    const target: Target = embedded?.target ?? loadTarget(targetFile ?? '');
    checkFilterWithSuggestions(filter, suites, target);
    const cell = planRun(suites, target, filter)[0];
    if (cell === undefined)
      throw new ReproOptionError(
        'ERR_REPRO_OPTION',
        `${caseId} runs on no version and institution of this target`,
        {
          hint: '`stet-harness list cases` and the target’s versions: and institutions: say which cells exist',
        },
      );
    const out =
      options.out ?? `repro-${cell.suite.suite}-${cell.definition.id}.sh`.replace(/[^A-Za-z0-9._-]/g, '-');
    checkOutputFile(out, '--out');
    const one: RunFilter = {
      ...filter,
      cases: [`${cell.suite.suite}/${cell.definition.id}`],
      versions: [cell.version],
      institutions: [cell.institution.code],
    };
    const { report } = await runSuites({
      suites,
      target,
      filter: one,
      concurrency: 1,
      reporter: new ConsoleReporter({ stream: process.stdout, quiet: false, verbose: true }),
      schemas: schemaValidator,
      transcripts: 'all',
      calendar: targetCalendar({ calendar: loadVersionCalendar(undefined) }),
      tool: { name: 'stet-harness', version: toolVersion() },
    });
    const result = report.results[0];
    if (result === undefined)
      throw new ReproOptionError('ERR_REPRO_OPTION', `${caseId} gave no result`, {
        hint: 'run it with `stet-harness run --case` to see why',
      });
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    writeFileSync(
      out,
      reproScript({
        result,
        ...(targetFile === undefined ? { faults: options.fault } : { targetFile }),
        suitesDir: resolve('suites'),
        tool: ['node', '--import', tsx, join(root, 'bin', 'stet-harness.ts')],
        writtenBy: ['stet-harness', ...process.argv.slice(2).map(shellQuote)].join(' '),
      }),
      'utf8',
    );
    chmodSync(out, 0o755);
    process.stderr.write(`reproduction script written: bash ${shellQuote(out)}\n`);
    return verdictExitCode(report);
  } finally {
    await embedded?.close();
  }
}
