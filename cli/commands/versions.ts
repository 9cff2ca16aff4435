import { resolve } from 'node:path';
import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { checkFaultNames } from '../fault-names.ts';
import { CodedError } from '../../lib/coded-error.ts';
import { collectList, atOptionHint, parseAtOption, toolVersion } from '../option-values.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import {
  applyCalendarOverrides,
  readCalendarOverrides,
  versionCalendar,
  type CalendarOverrides,
} from '../../spec/lib/index.ts';
import { loadTarget } from '../../harness/index.ts';
import { combineReporters } from '../../harness/report/combine-reporters.ts';
import { ConsoleReporter } from '../../harness/report/console-reporter.ts';
import type { Reporter } from '../../harness/report/model.ts';
import { filesReporter } from '../../harness/report/write-reports.ts';
import { formatCalendar } from '../../harness/versions/calendar-table.ts';
import { checkVersions } from '../../harness/versions/check-versions.ts';
import { parisDay } from '../../spec/lib/index.ts';
import { startEmbeddedTarget } from '../embedded-target.ts';

/** A `versions` option the user must fix. */
export class VersionsOptionError extends CodedError<'ERR_VERSIONS_OPTION'> {}

interface VersionsCliOptions {
  target: string | undefined;
  calendar: string | undefined;
  at: string | undefined;
  out: string | undefined;
  fault: string[];
}

/**
 * `stet-harness versions`: the deprecation calendar check against a target (the embedded reference by
 * default, started with `--calendar` and with its clock at `--at`). Prints the calendar, then probes
 * every institution × version. Exit 0 when every version is where the calendar puts it, 1 when one is
 * served after its decommission date or gone before it, 2 when the harness could not tell.
 */
export function register(program: Command): void {
  program
    .command('versions')
    .description(
      'check the version deprecation calendar (T0 + 3 months) against a target (default: the embedded reference bank)',
    )
    .option(
      '--target <file>',
      'target file (targets/*.yaml); default: the embedded reference, started as a child serve process',
    )
    .option(
      '--calendar <file>',
      'the deployment calendar: YAML of version live dates (`v1.4.2: 2026-01-01`) over spec/versions.yaml',
    )
    .option(
      '--at <date>',
      'the target’s date (YYYY-MM-DD or an ISO instant); the embedded reference’s clock starts there; default: now',
    )
    .option('--out <dir>', 'also write junit.xml, report.json and report.html into this directory')
    .option(
      '--fault <name>',
      'start the embedded reference with this deviation (repeatable)',
      collectList,
      [],
    )
    .addHelpText('after', examples('stet-harness versions --target targets/my-bank.yaml'))
    .action(async (options: VersionsCliOptions) => {
      process.exitCode = await versions(options);
    });
}

async function versions(options: VersionsCliOptions): Promise<number> {
  checkFaultNames(options.fault);
  if (options.target !== undefined && options.fault.length > 0) {
    throw new VersionsOptionError('ERR_VERSIONS_OPTION', '--fault applies to the embedded reference only', {
      hint: 'drop --target, or start your server with its own --fault',
    });
  }
  const at = options.at === undefined ? undefined : parseAt(options.at);
  const day = parisDay(at ?? new Date());
  const overrides: CalendarOverrides =
    options.calendar === undefined ? {} : readCalendarOverrides(options.calendar);
  const calendar = applyCalendarOverrides(versionCalendar(), overrides, options.calendar);
  process.stdout.write(`${formatCalendar(calendar, day)}\n`);
  // The same embedded reference as `run` and `load`: a child `serve` with the calendar file and clock.
  const embedded =
    options.target === undefined
      ? await startEmbeddedTarget({
          faults: options.fault,
          ...(options.calendar === undefined ? {} : { calendar: resolve(options.calendar) }),
          ...(at === undefined ? {} : { clock: at.toISOString() }),
        })
      : undefined;
  try {
    const target = embedded?.target ?? loadTarget(options.target ?? '');
    const parts: Reporter[] = [new ConsoleReporter({ stream: process.stdout })];
    if (options.out !== undefined) parts.push(filesReporter({ outDir: options.out }));
    const report = await checkVersions({
      target,
      calendar,
      day,
      tool: { name: 'stet-harness', version: toolVersion() },
      reporter: combineReporters(parts),
    });
    if (options.out !== undefined) process.stderr.write(`reports written to ${options.out}/\n`);
    if (report.summary.errored > 0) {
      process.stderr.write(
        `stet-harness: ${report.summary.errored} version probe(s) errored: the harness could not tell whether the version is served\n`,
      );
      return ExitCode.HarnessError;
    }
    return report.summary.failed > 0 ? ExitCode.NotConforming : ExitCode.Conforms;
  } finally {
    await embedded?.close();
  }
}

/** `--at`: a day or an ISO instant (see `parseAtOption`). */
function parseAt(value: string): Date {
  return parseAtOption(
    value,
    (message) => new VersionsOptionError('ERR_VERSIONS_OPTION', message, { hint: atOptionHint }),
  );
}
