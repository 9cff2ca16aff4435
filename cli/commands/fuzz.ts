import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { checkFaultNames } from '../fault-names.ts';
import { fuzzMachines, runFuzz } from '../../harness/fuzz/run-fuzz.ts';
import { replayCommand } from '../../harness/model/run-model.ts';
import { loadTarget, type Target } from '../../harness/index.ts';
import { formatConsoleSummary } from '../../harness/report/console-reporter.ts';
import { writeReports } from '../../harness/report/write-reports.ts';
import { CodedError } from '../../lib/coded-error.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { toolVersion } from '../../traffic/tool-version.ts';
import { apiVersions } from '../../spec/lib/index.ts';
import { startEmbeddedTarget } from '../embedded-target.ts';
import { parseChoicesOption } from '../choices-option.ts';

/** A `fuzz` option the user must fix. */
export class FuzzOptionError extends CodedError<'ERR_FUZZ_OPTION'> {}

interface FuzzCliOptions {
  target: string | undefined;
  runs: string;
  seed: string | undefined;
  path: string | undefined;
  replayPath: string | undefined;
  version: string | undefined;
  fault: string[];
  choices: string;
  out: string;
  machine: string | undefined;
}

/**
 * `stet-harness fuzz`: the seed model (harness/model, docs/model.md) alone against a target (default:
 * the embedded reference): per state machine, generated sequences judged by the seed only. A failure
 * prints the shrunk steps, the rule and the command that replays it. Exit 0 clean, 1 a
 * counterexample, 2 the model could not run.
 */
export function register(program: Command): void {
  program
    .command('fuzz')
    .description(
      'the seed model alone: generated sequences over tokens, consents, quotas, transactions and payments, judged by the seed only, replayable by seed',
    )
    .option('--target <file>', 'target file with the sandbox capability; default: the embedded reference')
    .option('--runs <n>', 'command sequences per state machine', '25')
    .option('--seed <seed>', 'fast-check seed (replay a failure with its seed and path)')
    .option('--path <path>', 'fast-check path of a failure: replays its shrunk sequence')
    .option('--replay-path <path>', 'which commands of the sequence ran (printed with the failure)')
    .option('--machine <name>', `only this state machine: ${fuzzMachines.join(' or ')} (a replay names it)`)
    .option(
      '--version <version>',
      `only this API version (${apiVersions.join(', ')}); default: drawn per sequence`,
    )
    .option('--fault <name>', 'start the embedded reference with this deviation (repeatable)', collect, [])
    .option(
      '--choices <bank>',
      'the embedded reference plays reference (default) or alternate: the other seed-true choice of every choice rule, which the seed model must pass',
      'reference',
    )
    .option('--out <dir>', 'folder for junit.xml, report.json and report.html', 'reports/fuzz')
    .addHelpText('after', examples('stet-harness fuzz --runs 50 --out reports/fuzz'))
    .action(async (options: FuzzCliOptions) => {
      process.exitCode = await fuzz(options);
    });
}

async function fuzz(options: FuzzCliOptions): Promise<number> {
  const runs = integer(options.runs, '--runs', 1);
  const seed = options.seed === undefined ? undefined : integer(options.seed, '--seed', -(2 ** 31));
  const version = apiVersions.find((v) => v === options.version);
  if (options.version !== undefined && version === undefined)
    throw new FuzzOptionError('ERR_FUZZ_OPTION', `--version ${options.version} is not an API version`, {
      hint: `use one of ${apiVersions.join(', ')}`,
    });
  const machine = fuzzMachines.find((name) => name === options.machine);
  if (options.machine !== undefined && machine === undefined)
    throw new FuzzOptionError(
      'ERR_FUZZ_OPTION',
      `--machine ${options.machine} is not a state machine of the seed model`,
      {
        hint: `use ${fuzzMachines.join(' or ')}`,
      },
    );
  const choices = parseChoicesOption(
    options.choices,
    (message, hint) => new FuzzOptionError('ERR_FUZZ_OPTION', message, { hint }),
  );
  checkFaultNames(options.fault);
  if (options.target !== undefined && (options.fault.length > 0 || choices !== 'reference'))
    throw new FuzzOptionError(
      'ERR_FUZZ_OPTION',
      '--fault and --choices apply to the embedded reference only',
      {
        hint: 'drop --target, or start your server with its own --fault and --choices',
      },
    );
  // The same embedded reference as `run`, `load` and `versions`: a child `serve` with the faults.
  const embedded =
    options.target === undefined ? await startEmbeddedTarget({ faults: options.fault, choices }) : undefined;
  try {
    const target: Target = embedded?.target ?? loadTarget(options.target ?? '');
    const tool = { name: 'stet-harness', version: toolVersion() };
    const outcome = await runFuzz({
      target,
      runs,
      tool,
      ...(version === undefined ? {} : { version }),
      ...(seed === undefined ? {} : { seed }),
      ...(options.path === undefined ? {} : { path: options.path }),
      ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
      ...(machine === undefined ? {} : { machine }),
    });
    const failure = outcome.failure;
    if (failure !== undefined) {
      process.stdout.write(
        `counterexample after shrinking (${failure.machine}):\n  ${failure.steps.join('\n  ')}\n`,
      );
      process.stdout.write(`${failure.message}\n`);
      process.stdout.write(`replay: ${replayCommand(failure)}\n`);
    }
    process.stdout.write(`${formatConsoleSummary(outcome.report)}\n`);
    const written = await writeReports(outcome.report, { outDir: options.out });
    process.stdout.write(`reports: ${written.join(', ')}\n`);
    const summary = outcome.report.summary;
    if (summary.errored > 0) return ExitCode.HarnessError;
    return summary.failed > 0 ? ExitCode.NotConforming : ExitCode.Conforms;
  } finally {
    await embedded?.close();
  }
}

function integer(text: string, option: string, min: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new FuzzOptionError('ERR_FUZZ_OPTION', `${option} ${text} is not an integer of at least ${min}`, {
      hint: `e.g. ${option} 25`,
    });
  return n;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
