import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkOutputDir, checkOutputFile } from '../output-paths.ts';
import { readRerunCells } from '../rerun-failed.ts';
import { verdictExitCode } from '../verdict-exit-code.ts';
import { checkFilterWithSuggestions } from '../filter-suggestions.ts';
import { checkFaultNames } from '../fault-names.ts';
import { reproCommand } from '../../harness/report/repro-command.ts';
import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { CodedError } from '../../lib/coded-error.ts';
import { collectList, atOptionHint, parseAtOption, toolVersion } from '../option-values.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { loadVersionCalendar, schemaValidator } from '../../spec/lib/index.ts';
import { parisDay } from '../../spec/lib/index.ts';
import {
  applyBaseline,
  baselineReporter,
  baselineYaml,
  defaultConcurrency,
  loadBaseline,
  loadTarget,
  parseShard,
  planRun,
  runSuites,
  specRuleCatalogue,
  targetCalendar,
  type RunFilter,
  type Target,
  type TranscriptPolicy,
} from '../../harness/index.ts';
import { ConsoleReporter } from '../../harness/report/console-reporter.ts';
import { deviationLabel, type Reporter, type RunReport } from '../../harness/report/model.ts';
import { identifiedReporter, runId, runIdentity } from '../../harness/report/run-identity.ts';
import { toReportJson } from '../../harness/report/json-report.ts';
import { combineReporters } from '../../harness/report/combine-reporters.ts';
import { strictReporter } from '../../harness/report/strict-reporter.ts';
import { filesReporter, type ReportFormat } from '../../harness/report/write-reports.ts';
import { parseChoicesOption } from '../choices-option.ts';
import type { ChoiceBank } from '../../reference-aspsp/choices/choice.ts';
import { startEmbeddedTarget } from '../embedded-target.ts';
import { loadSuitesCached, toolSuiteCache } from '../../harness/suite/suite-cache.ts';
import { defaultModelRuns, startModelForRun, type ModelForRun } from '../../harness/model/model-for-run.ts';
import { modelReporter, withModelResults } from '../../harness/model/model-reporter.ts';

/** A `run` option the user must fix. */
export class RunOptionError extends CodedError<'ERR_RUN_OPTION' | 'ERR_RUN_EMPTY'> {}

interface RunCliOptions {
  target: string | undefined;
  suites: string[];
  suite: string[];
  case: string[];
  rerunFailed: string | undefined;
  rule: string[];
  version: string[];
  institution: string[];
  tag: string[];
  concurrency: string;
  shard: string | undefined;
  out: string;
  reporter: string[];
  baseline: string | undefined;
  writeBaseline: string | undefined;
  reason: string | undefined;
  fault: string[];
  choices: string;
  transcripts: string;
  calendar: string | undefined;
  at: string | undefined;
  timeout: string;
  bail: boolean | undefined;
  quiet: boolean | undefined;
  verbose: boolean | undefined;
  strict: boolean;
  modelRuns: string | undefined;
  modelSeed: string | undefined;
}

const reporterNames = ['console', 'junit', 'json', 'html'] as const;
type ReporterName = (typeof reporterNames)[number];

/**
 * `stet-harness run`: runs the suites against a target (the embedded reference by default) and
 * writes the reports. Exit 0 conforms, 1 does not conform (or differs from the baseline; with
 * `--strict`, an advisory finding too), 2 the
 * harness could not do its job (bad suite or target file, unreachable host, a case errored).
 */
export function register(program: Command): void {
  program
    .command('run')
    .description('run the conformance suites against a target (default: the embedded reference bank)')
    .option(
      '--target <file>',
      'target file (targets/*.yaml); default: the embedded reference, started as a child process',
    )
    .option('--suites <path>', 'suite file or folder (repeatable); default: suites/', collectList, [])
    .option('--suite <id>', 'only this suite (repeatable, or comma-separated)', collectList, [])
    .option('--case <id>', 'only this case, `case` or `suite/case` (repeatable)', collectList, [])
    .option(
      '--rerun-failed <report>',
      'only the cells that failed or errored in this report.json of an earlier run',
    )
    .option(
      '--rule <id>',
      'only cases checking this rule; AIS-TRX-* for a prefix (repeatable)',
      collectList,
      [],
    )
    .option('--version <version>', 'only this API version (repeatable)', collectList, [])
    .option('--institution <code>', 'only this institution code (repeatable)', collectList, [])
    .option('--tag <tag>', 'only cases with this tag (repeatable)', collectList, [])
    .option('--concurrency <n>', 'cases run at the same time', String(defaultConcurrency))
    .option('--shard <i/n>', 'run the i-th of n shares of the matrix')
    .option(
      '--out <dir>',
      'folder for junit.xml, report.json and report.html; `-` with --reporter json writes the JSON to stdout',
      'reports',
    )
    .option('--timeout <duration>', 'per-request time limit: 10s, 500ms, 2m', '10s')
    .option('--bail', 'stop after the first failed or errored case (the rest reported skipped)')
    .option('-q, --quiet', 'print only the findings and the summary')
    .option(
      '--verbose',
      'print each failed cell in full (rules, message, expected and actual) and every rule with its counts',
    )
    .option(
      '--strict',
      'advisory findings (checks of the reference’s choices where the seed is silent, docs/verdicts.md) fail the run too',
      false,
    )
    .option(
      '--reporter <names>',
      `reporters among ${reporterNames.join(', ')} (repeatable or comma-separated); default: all of them`,
      collectList,
      [],
    )
    .option('--baseline <file>', 'accepted deviations; fail on any difference in either direction')
    .option(
      '--write-baseline <file>',
      'write the deviations of this run as a baseline file (one entry per rule × case; needs --reason)',
    )
    .option(
      '--reason <text>',
      'with --write-baseline: why the deviations are accepted, written into every entry (edit it per entry after)',
    )
    .option(
      '--transcripts <which>',
      'cases whose exchanges the reports keep: failures, or all (large reports)',
      'failures',
    )
    .option(
      '--fault <name>',
      'start the embedded reference with this deviation (repeatable)',
      collectList,
      [],
    )
    .option(
      '--choices <bank>',
      'the embedded reference plays reference (its own choices, default) or alternate: a bank making the other seed-true choice of every choice rule (advisory findings, no failure)',
      'reference',
    )
    .option(
      '--model-runs <n>',
      `seed-model sequences per state machine (docs/model.md); 0 leaves the model out; default ${defaultModelRuns}, and none in a run given --suites or narrowed by --suite, --case, --rule, --tag or --rerun-failed`,
    )
    .option(
      '--model-seed <seed>',
      'the seed model’s fast-check seed (a failure prints the command that replays it)',
    )
    .option(
      '--calendar <file>',
      'the deployment calendar the target is held to (YAML `v1.4.2: 2026-01-01`), for calendar steps; the embedded reference is started with it',
    )
    .option(
      '--at <date>',
      'the target’s date (YYYY-MM-DD or an ISO instant) for calendar steps; the embedded reference’s clock starts there; default: now',
    )
    .addHelpText(
      'after',
      examples(
        'stet-harness run --out reports/',
        'stet-harness run --target targets/my-bank.yaml --suite smoke-ais --version v1.6.2 --out reports/',
      ),
    )
    .action(async (options: RunCliOptions) => {
      process.exitCode = await run(options);
    });
}

async function run(options: RunCliOptions): Promise<number> {
  const concurrency = Number(options.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RunOptionError(
      'ERR_RUN_OPTION',
      `--concurrency ${options.concurrency} is not a positive integer`,
      { hint: `e.g. --concurrency ${defaultConcurrency}` },
    );
  }
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const reporters = parseReporters(options.reporter);
  const transcripts = parseTranscripts(options.transcripts);
  const timeoutMs = parseDuration(options.timeout);
  const toStdout = options.out === '-';
  if (toStdout && reporters.some((r) => r !== 'json' && r !== 'console')) {
    throw new RunOptionError('ERR_RUN_OPTION', '--out - writes one document to stdout: the JSON report', {
      hint: 'use --reporter json --out -, or give --out a folder',
    });
  }
  if (options.target !== undefined && options.fault.length > 0) {
    throw new RunOptionError('ERR_RUN_OPTION', '--fault applies to the embedded reference only', {
      hint: 'drop --target, or start your server with its own --fault',
    });
  }
  checkFaultNames(options.fault);
  const choices = parseChoicesOption(
    options.choices,
    (message, hint) => new RunOptionError('ERR_RUN_OPTION', message, { hint }),
  );
  if (options.target !== undefined && choices !== 'reference') {
    throw new RunOptionError('ERR_RUN_OPTION', '--choices applies to the embedded reference only', {
      hint: 'drop --target, or start your server with its own --choices',
    });
  }
  // Where the reports go is checked now, not after a long run.
  if (!toStdout) checkOutputDir(options.out, '--out');
  if (options.writeBaseline !== undefined) checkOutputFile(options.writeBaseline, '--write-baseline');
  const baselineReason = checkBaselineReason(options);
  const at = options.at === undefined ? undefined : parseAt(options.at);
  // Read before anything starts, so a bad calendar file stops the run at once (exit 2).
  const calendar = targetCalendar({
    calendar: loadVersionCalendar(options.calendar),
    ...(at === undefined ? {} : { day: parisDay(at) }),
  });
  // The embedded reference boots in its own process while this one loads the suites.
  const starting =
    options.target === undefined
      ? startEmbedded({ faults: options.fault, choices, calendar: options.calendar, at })
      : undefined;
  const started = starting?.catch(() => undefined);
  try {
    // Unchanged suites (files, fragments, loader) are read back from the last run's load.
    const suites = loadSuitesCached(
      options.suites.length > 0 ? options.suites : ['suites'],
      specRuleCatalogue,
      toolSuiteCache(),
    );
    const filter: RunFilter = {
      suites: options.suite,
      cases: options.case,
      rules: options.rule,
      versions: options.version,
      institutions: options.institution,
      tags: options.tag,
      ...(options.rerunFailed === undefined ? {} : { cells: readRerunCells(options.rerunFailed) }),
    };
    checkFilterWithSuggestions(filter, suites);
    const baseline = options.baseline === undefined ? undefined : loadBaseline(options.baseline);
    const runTarget: Target = (await starting)?.target ?? loadTarget(options.target ?? '');
    checkRunnable(filter, suites, runTarget, shard);
    // Every shard of one run computes the same id: merge-reports tells a missing or foreign shard by it.
    const identity = runIdentity(
      runId({
        toolVersion: toolVersion(),
        target: runTarget,
        ...(options.target === undefined
          ? {
              embedded: { faults: [...options.fault].sort(), choices },
            }
          : {}),
        // The calendar and the day the target is held to decide the calendar steps' verdicts.
        settings: {
          calendar: calendar.calendar,
          at: at?.toISOString() ?? null,
          modelRuns: options.modelRuns ?? null,
          modelSeed: options.modelSeed ?? null,
        },
        suites,
        filter,
      }),
      shard,
    );
    // A baseline entry's `until` is a Paris day of the target's clock (--at), else of today.
    const baselineOptions = { file: options.baseline ?? '', today: parisDay(at ?? new Date()) };
    const model = startModelForRun({
      target: runTarget,
      runs: optionalInteger(options.modelRuns, '--model-runs', 0),
      seed: optionalInteger(options.modelSeed, '--model-seed', -(2 ** 31)),
      filter,
      ownSuites: options.suites.length > 0,
      shard,
      timeoutMs,
    });
    const consoleReporter = reporters.includes('console')
      ? new ConsoleReporter({
          // The console report is the command's output; with the JSON on stdout it moves to stderr.
          stream: toStdout ? process.stderr : process.stdout,
          quiet: options.quiet === true,
          verbose: options.verbose === true,
        })
      : undefined;
    const fileFormats = reporters.filter((r): r is ReportFormat => r !== 'console');
    const parts: Reporter[] = [];
    if (consoleReporter !== undefined) parts.push(consoleReporter);
    if (fileFormats.length > 0 && !toStdout)
      parts.push(filesReporter({ outDir: options.out, formats: fileFormats, transcripts }));
    // --strict: advisory findings count as failures in every report's verdict and in the exit code.
    const combined = identifiedReporter(
      options.strict ? strictReporter(combineReporters(parts)) : combineReporters(parts),
      identity,
    );
    if (options.quiet !== true)
      process.stderr.write(
        `checking ${runTarget.institutions.length} institution host(s) of ${runTarget.name} (time limit ${options.timeout} per request)…\n`,
      );
    const { report: suitesReport } = await runSuites({
      suites,
      target: runTarget,
      filter,
      shard,
      concurrency,
      reporter: withModel(
        baseline === undefined ? combined : baselineReporter(combined, baseline, baselineOptions),
        model,
      ),
      schemas: schemaValidator,
      transcripts,
      calendar,
      timeoutMs,
      bail: options.bail === true,
      tool: { name: 'stet-harness', version: toolVersion() },
      reproduce:
        options.target === undefined ? { faults: options.fault } : { targetFile: resolve(options.target) },
    });
    const raw = model === undefined ? suitesReport : withModelResults(suitesReport, await model.results);
    const compared: RunReport = baseline === undefined ? raw : applyBaseline(raw, baseline, baselineOptions);
    const report: RunReport = {
      ...compared,
      run: identity,
      ...(options.strict ? { strict: true as const } : {}),
    };
    if (toStdout && fileFormats.includes('json')) process.stdout.write(toReportJson(report, { transcripts }));
    else if (fileFormats.length > 0 && options.quiet !== true)
      process.stderr.write(`reports written to ${options.out}/\n`);
    // Without the console report, the baseline's differences still say why the run fails.
    if (consoleReporter === undefined && report.baseline !== undefined) {
      for (const d of report.baseline.unexpected)
        process.stderr.write(`baseline: new deviation: ${deviationLabel(d)}\n`);
      for (const d of report.baseline.fixed)
        process.stderr.write(
          `baseline: no longer deviates: ${deviationLabel(d)} — remove it from the baseline\n`,
        );
    }
    if (options.writeBaseline !== undefined)
      writeFileSync(
        options.writeBaseline,
        // What the --baseline given accepted keeps its entry's reason and until.
        baselineYaml(report.results, { reason: baselineReason ?? '', previous: baseline }),
        'utf8',
      );
    // A failure's one command that runs again as it stands (the report's curl replays one request).
    const firstFailed = report.results.find((r) => r.status === 'failed');
    if (firstFailed !== undefined && options.quiet !== true)
      process.stderr.write(
        `reproduce the first failure: ${reproCommand({
          suite: firstFailed.suite,
          case: firstFailed.case,
          version: firstFailed.version,
          institution: firstFailed.institution,
          ...(options.target === undefined ? { faults: options.fault } : { targetFile: options.target }),
        })} --out repro.sh\n`,
      );
    const code = verdictExitCode(report);
    if (code === ExitCode.HarnessError)
      process.stderr.write(
        `stet-harness: ${report.summary.errored} case(s) errored: the harness could not do its job (see the reports for each reason)\n`,
      );
    return code;
  } finally {
    await (await started)?.close();
  }
}

/** The run's reporter, with the seed model's results handed to it at the end (when the model runs). */
function withModel(reporter: Reporter, model: ModelForRun | undefined): Reporter {
  return model === undefined ? reporter : modelReporter(reporter, model.results, model.cells);
}

/** An optional integer option of at least `min`. */
function optionalInteger(text: string | undefined, option: string, min: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new RunOptionError('ERR_RUN_OPTION', `${option} ${text} is not an integer of at least ${min}`, {
      hint: `e.g. ${option} 5`,
    });
  return n;
}

/**
 * The reason `--write-baseline` writes into every entry: required, so no entry is ever accepted
 * without one (a baseline with a blank reason is refused when read).
 */
function checkBaselineReason(options: Pick<RunCliOptions, 'writeBaseline' | 'reason'>): string | undefined {
  if (options.writeBaseline === undefined) {
    if (options.reason !== undefined)
      throw new RunOptionError(
        'ERR_RUN_OPTION',
        '--reason is the reason of the baseline --write-baseline writes',
        {
          hint: 'add --write-baseline FILE, or drop --reason',
        },
      );
    return undefined;
  }
  if (options.reason === undefined || options.reason.trim() === '')
    throw new RunOptionError(
      'ERR_RUN_OPTION',
      '--write-baseline needs --reason: why these deviations are accepted',
      {
        hint: 'e.g. --write-baseline accepted.yaml --reason "fix planned in release 24.3" (edit the reason per entry after)',
      },
    );
  return options.reason.trim();
}

/**
 * Refuses, before anything runs or is written, a filter naming an unknown version or institution of
 * the target, and a selection with no cell at all (which would "conform" without checking anything).
 */
function checkRunnable(
  filter: RunFilter,
  suites: Parameters<typeof planRun>[0],
  target: Target,
  shard: Parameters<typeof planRun>[3],
): void {
  checkFilterWithSuggestions(filter, suites, target);
  if (planRun(suites, target, filter, shard).length === 0) {
    throw new RunOptionError('ERR_RUN_EMPTY', 'no case matched the filters: nothing would be checked', {
      hint: 'check --suite, --case, --rule, --version, --institution, --tag and --shard (`stet-harness list` shows the ids)',
    });
  }
}

/** A duration option: `10s`, `500ms`, `2m`, or a bare number of seconds. */
export function parseDuration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value.trim());
  const amount = Number(match?.[1]);
  const unit = match?.[2] ?? 's';
  const ms = unit === 'ms' ? amount : unit === 'm' ? amount * 60_000 : amount * 1000;
  if (match === null || !Number.isFinite(ms) || ms <= 0) {
    throw new RunOptionError('ERR_RUN_OPTION', `--timeout ${value} is not a duration`, {
      hint: 'e.g. --timeout 10s, --timeout 500ms or --timeout 2m',
    });
  }
  return ms;
}

/**
 * The embedded reference: a child `serve` process, port 0, a fresh memory store, sandbox mode, with
 * the run's faults, calendar and clock.
 */
async function startEmbedded(options: {
  faults: readonly string[];
  choices: ChoiceBank;
  calendar: string | undefined;
  at: Date | undefined;
}): Promise<{ target: Target; close: () => Promise<void> }> {
  return startEmbeddedTarget({
    faults: options.faults,
    choices: options.choices,
    ...(options.calendar === undefined ? {} : { calendar: resolve(options.calendar) }),
    ...(options.at === undefined ? {} : { clock: options.at.toISOString() }),
  });
}

/** `--at`: a day or an ISO instant (see `parseAtOption`). */
function parseAt(value: string): Date {
  return parseAtOption(
    value,
    (message) => new RunOptionError('ERR_RUN_OPTION', message, { hint: atOptionHint }),
  );
}

function parseTranscripts(value: string): TranscriptPolicy {
  if (value === 'failures' || value === 'all') return value;
  throw new RunOptionError('ERR_RUN_OPTION', `--transcripts ${value} is not failures or all`, {
    hint: 'e.g. --transcripts all to keep the exchanges of passing cases too',
  });
}

function parseReporters(values: readonly string[]): ReporterName[] {
  if (values.length === 0) return [...reporterNames];
  const names = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return names.map((name) => {
    const known = reporterNames.find((r) => r === name);
    if (known === undefined) {
      throw new RunOptionError('ERR_RUN_OPTION', `unknown reporter ${name}`, {
        hint: `choose among ${reporterNames.join(', ')}`,
      });
    }
    return known;
  });
}
