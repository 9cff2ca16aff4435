import type { Command } from 'commander';
import { formatConsoleSummary } from '../../harness/report/console-reporter.ts';
import { writeReports } from '../../harness/report/write-reports.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { checkHar } from '../../traffic/check/check-har.ts';
import { findingsReport } from '../../traffic/check/findings-report.ts';
import { readHarFile } from '../../traffic/har/har-file.ts';
import { toolVersion } from '../../traffic/tool-version.ts';

/** `stet-harness check`: offline conformance of a HAR recording. */
export function register(program: Command): void {
  program
    .command('check')
    .description(
      'check a HAR recording of this API offline: schemas, links vs consent, date ranges, error codes, X-Request-ID, token fields',
    )
    .argument('<file>', 'HAR file (from `record`, a browser or any proxy)')
    .option('--out <dir>', 'write junit.xml, report.json and report.html into this directory')
    .action(async (file: string, options: { out?: string }) => {
      const startedAt = new Date();
      const har = await readHarFile(file);
      const report = findingsReport(checkHar(har), { file, startedAt, toolVersion: toolVersion() });
      process.stdout.write(`${formatConsoleSummary(report)}\n`);
      if (options.out !== undefined) {
        const written = await writeReports(report, { outDir: options.out });
        process.stdout.write(`reports: ${written.join(', ')}\n`);
      }
      process.exitCode =
        report.summary.errored > 0
          ? ExitCode.HarnessError
          : report.summary.failed > 0
            ? ExitCode.NotConforming
            : ExitCode.Conforms;
    });
}
