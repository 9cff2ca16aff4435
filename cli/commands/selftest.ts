import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { didYouMeanSentence } from '../did-you-mean.ts';
import { loadSuites, specRuleCatalogue } from '../../harness/index.ts';
import { CodedError } from '../../lib/coded-error.ts';
import { collectList } from '../option-values.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { faultCatalogue, findFault, type Fault } from '../../reference-aspsp/faults/catalogue.ts';
import { toolVersion } from '../../traffic/tool-version.ts';
import { writeSelftestReports } from '../selftest/kill-matrix-report.ts';
import type { KillMatrix } from '../selftest/kill-matrix.ts';
import { runSelftest } from '../selftest/run-selftest.ts';

/** A `selftest` option the user must fix. */
export class SelftestOptionError extends CodedError<'ERR_SELFTEST_OPTION'> {}

interface SelftestCliOptions {
  suites: string[];
  suite: string[];
  version: string[];
  institution: string[];
  fault: string[];
  concurrency: string;
  parallel: string;
  out: string;
}

/**
 * `stet-harness selftest`: the kill matrix. Every fault of the reference must be caught by a case
 * checking one of its rules, and the clean reference must pass every case. Exit 0 when both hold,
 * 1 when a fault survives or the clean reference fails a case, 2 when the harness could not run.
 */
export function register(program: Command): void {
  program
    .command('selftest')
    .description(
      'prove the suites: run the cases of each fault against a reference started with that fault (kill matrix)',
    )
    .option('--suites <path>', 'suite file or folder (repeatable); default: suites/', collectList, [])
    .option('--suite <id>', 'only this suite (repeatable)', collectList, [])
    .option('--version <version>', 'only this API version (repeatable)', collectList, [])
    .option('--institution <code>', 'only this institution code (repeatable)', collectList, [])
    .option(
      '--fault <name>',
      'only this fault (repeatable); the clean run then covers its rules only',
      collectList,
      [],
    )
    .option('--concurrency <n>', 'cases run at the same time against one reference', '4')
    .option('--parallel <n>', 'faults (references) run at the same time', '2')
    .option(
      '--out <dir>',
      'folder for kill-matrix.json, kill-matrix.html and the run reports',
      'reports/selftest',
    )
    .addHelpText('after', examples('stet-harness selftest --suite smoke-ais --fault pages-overlap'))
    .action(async (options: SelftestCliOptions) => {
      process.exitCode = await selftest(options);
    });
}

async function selftest(options: SelftestCliOptions): Promise<number> {
  const concurrency = positive(options.concurrency, '--concurrency');
  const parallelFaults = positive(options.parallel, '--parallel');
  const faults: Fault[] =
    options.fault.length === 0 ? [...faultCatalogue] : options.fault.map((name) => knownFault(name));
  const suites = loadSuites(options.suites.length > 0 ? options.suites : ['suites'], specRuleCatalogue);
  const tool = { name: 'stet-harness', version: toolVersion() };
  const { matrix, clean } = await runSelftest({
    suites,
    faults,
    filter: {
      suites: options.suite,
      rules: [],
      versions: options.version,
      institutions: options.institution,
      tags: [],
    },
    cleanOnlyFaultRules: options.fault.length > 0,
    concurrency,
    parallelFaults,
    tool,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  const written = await writeSelftestReports({ outDir: options.out, matrix, clean, tool });
  process.stdout.write(summary(matrix));
  process.stdout.write(`reports: ${written.join(', ')}\n`);
  const t = matrix.totals;
  if (t.errored > 0 || matrix.clean.summary.errored > 0) return ExitCode.HarnessError;
  if (t.survived + t.uncovered > 0 || matrix.clean.summary.failed > 0) return ExitCode.NotConforming;
  return ExitCode.Conforms;
}

function summary(matrix: KillMatrix): string {
  const t = matrix.totals;
  const c = matrix.clean.summary;
  const lines = [
    `clean reference: ${c.passed} passed, ${c.failed} failed, ${c.errored} errored, ${c['not-applicable']} not applicable`,
    ...matrix.clean.failures.map(
      (f) => `  clean ${f.suite}/${f.case}@${f.version}/${f.institution}: ${f.message}`,
    ),
    `faults: ${matrix.faults.length} — ${t.killed} killed, ${t.survived} survived, ${t.uncovered} uncovered, ${t.errored} errored`,
    ...matrix.faults
      .filter((v) => v.outcome !== 'killed')
      .map((v) => `  ${v.outcome} ${v.fault} (rules ${v.rules.join(', ')})`),
  ];
  return `${lines.join('\n')}\n`;
}

function knownFault(name: string): Fault {
  const fault = findFault(name);
  if (fault === undefined) {
    const sentence = didYouMeanSentence(
      name,
      faultCatalogue.map((f) => f.name),
    );
    throw new SelftestOptionError(
      'ERR_SELFTEST_OPTION',
      `unknown fault ${name}${sentence === undefined ? '' : `: ${sentence}`}`,
      {
        hint: 'stet-harness faults --list shows the fault names',
      },
    );
  }
  return fault;
}

function positive(text: string, option: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new SelftestOptionError('ERR_SELFTEST_OPTION', `${option} ${text} is not a positive integer`, {
      hint: `e.g. ${option} 2`,
    });
  return n;
}
