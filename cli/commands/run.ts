import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { CodedError } from '../../lib/coded-error.ts';
import { collectList, atOptionHint, parseAtOption, toolVersion } from '../option-values.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { loadVersionCalendar, schemaValidator } from '../../spec/lib/index.ts';
import { parisDay } from '../../harness/versions/paris-day.ts';
import {
  baselineYaml,
  compareWithBaseline,
  loadBaseline,
  loadSuites,
  loadTarget,
  parseServeInfo,
  parseShard,
  runSuites,
  specRuleCatalogue,
  targetCalendar,
  targetFromServeInfo,
  type RunFilter,
  type Target,
  type TranscriptPolicy,
} from '../../harness/index.ts';
import { ConsoleReporter } from '../../harness/report/console-reporter.ts';
import type { Reporter } from '../../harness/report/model.ts';
import { combineReporters } from '../../harness/report/combine-reporters.ts';
import { filesReporter, type ReportFormat } from '../../harness/report/write-reports.ts';
import { startEmbeddedReference } from '../embedded-reference.ts';

/** A `run` option the user must fix. */
export class RunOptionError extends CodedError<'ERR_RUN_OPTION' | 'ERR_RUN_EMPTY'> {}

interface RunCliOptions {
  target: string | undefined;
  suites: string[];
  suite: string[];
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
  fault: string[];
  transcripts: string;
  calendar: string | undefined;
  at: string | undefined;
  strict: boolean;
}

const reporterNames = ['console', 'junit', 'json', 'html'] as const;
type ReporterName = (typeof reporterNames)[number];

/**
 * `stet-harness run`: runs the suites against a target (the embedded reference by default) and
 * writes the reports. Exit 0 conforms, 1 does not conform (or differs from the baseline; with
 * `--strict`, an advisory finding too), 2 the harness could not do its job (bad suite or target file,
 * unreachable host, a case errored).
 */
export function register(program: Command): void {
  program
    .command('run')
    .description('run the conformance suites against a target (default: the embedded reference bank)')
    .option(
      '--target <file>',
      'target file (targets/*.yaml); default: the embedded reference, started as a child process',
    )
    .option('--suites <path>', 'suite file or folder (repeatable)', collectList, [])
    .option('--suite <id>', 'only this suite (repeatable, or comma-separated)', collectList, [])
    .option(
      '--rule <id>',
      'only cases checking this rule; AIS-TRX-* for a prefix (repeatable)',
      collectList,
      [],
    )
    .option('--version <version>', 'only this API version (repeatable)', collectList, [])
    .option('--institution <code>', 'only this institution code (repeatable)', collectList, [])
    .option('--tag <tag>', 'only cases with this tag (repeatable)', collectList, [])
    .option('--concurrency <n>', 'cases run at the same time', '4')
    .option('--shard <i/n>', 'run the i-th of n shares of the matrix')
    .option('--out <dir>', 'folder for junit.xml, report.json and report.html', 'reports')
    .option(
      '--reporter <names>',
      `reporters among ${reporterNames.join(', ')} (repeatable or comma-separated)`,
      collectList,
      [],
    )
    .option('--baseline <file>', 'accepted deviations; fail on any difference in either direction')
    .option('--write-baseline <file>', 'write the deviations of this run as a baseline file')
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
      '--calendar <file>',
      'the deployment calendar the target is held to (YAML `v1.4.2: 2026-01-01`), for calendar steps; the embedded reference is started with it',
    )
    .option(
      '--at <date>',
      'the target’s date (YYYY-MM-DD or an ISO instant) for calendar steps; the embedded reference’s clock starts there; default: now',
    )
    .option(
      '--strict',
      'advisory findings (checks of our choices where the seed is silent, docs/verdicts.md) fail the run too',
      false,
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
      { hint: 'e.g. --concurrency 4' },
    );
  }
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const reporters = parseReporters(options.reporter);
  const transcripts = parseTranscripts(options.transcripts);
  if (options.target !== undefined && options.fault.length > 0) {
    throw new RunOptionError('ERR_RUN_OPTION', '--fault applies to the embedded reference only', {
      hint: 'drop --target, or start your server with its own --fault',
    });
  }
  const at = options.at === undefined ? undefined : parseAt(options.at);
  // Read before anything starts, so a bad calendar file stops the run at once (exit 2).
  const calendar = targetCalendar({
    calendar: loadVersionCalendar(options.calendar),
    ...(at === undefined ? {} : { day: parisDay(at) }),
  });
  const filter: RunFilter = {
    suites: options.suite,
    rules: options.rule,
    versions: options.version,
    institutions: options.institution,
    tags: options.tag,
  };
  // The embedded reference boots in its own process while this one loads the suites.
  const starting =
    options.target === undefined
      ? startEmbedded({ faults: options.fault, calendar: options.calendar, at })
      : undefined;
  const started = starting?.catch(() => undefined);
  try {
    const suites = loadSuites(options.suites.length > 0 ? options.suites : ['suites'], specRuleCatalogue);
    const baseline = options.baseline === undefined ? undefined : loadBaseline(options.baseline);
    const target: Target = (await starting)?.target ?? loadTarget(options.target ?? '');
    const fileFormats = reporters.filter((r): r is ReportFormat => r !== 'console');
    const parts: Reporter[] = [];
    if (reporters.includes('console')) parts.push(new ConsoleReporter({ stream: process.stderr }));
    if (fileFormats.length > 0)
      parts.push(filesReporter({ outDir: options.out, formats: fileFormats, transcripts }));
    const { report } = await runSuites({
      suites,
      target,
      filter,
      shard,
      concurrency,
      reporter: combineReporters(parts),
      schemas: schemaValidator,
      transcripts,
      calendar,
      tool: { name: 'stet-harness', version: toolVersion() },
    });
    if (fileFormats.length > 0) process.stderr.write(`reports written to ${options.out}/\n`);
    if (options.writeBaseline !== undefined)
      writeFileSync(options.writeBaseline, baselineYaml(report.results), 'utf8');
    if (report.summary.errored > 0) {
      process.stderr.write(
        `stet-harness: ${report.summary.errored} case(s) errored: the harness could not do its job (see the reports for each reason)\n`,
      );
      return ExitCode.HarnessError;
    }
    if (baseline !== undefined) {
      const comparison = compareWithBaseline(report.results, baseline);
      for (const d of comparison.unexpected)
        process.stderr.write(`baseline: new deviation ${d.rule} at ${d.institution}\n`);
      for (const d of comparison.fixed) {
        process.stderr.write(
          `baseline: ${d.rule} at ${d.institution} now conforms: remove it from the baseline\n`,
        );
      }
      return comparison.unexpected.length + comparison.fixed.length > 0
        ? ExitCode.NotConforming
        : ExitCode.Conforms;
    }
    if (report.summary.total === 0) {
      throw new RunOptionError('ERR_RUN_EMPTY', 'no case matched the filters', {
        hint: 'check --suite, --rule, --version, --institution and --tag',
      });
    }
    // Advisory findings are checks of our choices, not of the seed: shown, failing only when strict.
    const failing = report.summary.failed + (options.strict ? report.summary.advisory : 0);
    return failing > 0 ? ExitCode.NotConforming : ExitCode.Conforms;
  } finally {
    await (await started)?.close();
  }
}

/**
 * The embedded reference: a child `serve` process, port 0, a fresh memory store, sandbox mode, with
 * the run's faults, calendar and clock.
 */
async function startEmbedded(options: {
  faults: readonly string[];
  calendar: string | undefined;
  at: Date | undefined;
}): Promise<{ target: Target; close: () => Promise<void> }> {
  const reference = await startEmbeddedReference({
    faults: options.faults,
    ...(options.calendar === undefined ? {} : { calendar: resolve(options.calendar) }),
    ...(options.at === undefined ? {} : { clock: options.at.toISOString() }),
  });
  try {
    return {
      target: targetFromServeInfo(parseServeInfo(reference.info), { name: 'embedded reference' }),
      close: () => reference.close(),
    };
  } catch (error) {
    await reference.close();
    throw error;
  }
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
