import type { Command } from 'commander';
import { formatConsoleSummary } from '../../harness/report/console-reporter.ts';
import { writeReports } from '../../harness/report/write-reports.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { judgeHar } from '../../traffic/check/check-har.ts';
import { findingsReport } from '../../traffic/check/findings-report.ts';
import { readHarFile } from '../../traffic/har/har-file.ts';
import { toolVersion } from '../../traffic/tool-version.ts';

/** `stet-harness check`: offline conformance of a HAR recording. */
export function register(program: Command): void {
  program
    .command('check')
    .description(
      'check a HAR recording of this API offline: documented statuses, schemas, links vs consent, date ranges, error codes, X-Request-ID, token fields; lists the exchanges no operation serves',
    )
    .argument('<file>', 'HAR file (from `record`, a browser or any proxy)')
    .option('--out <dir>', 'write junit.xml, report.json and report.html into this directory')
    .action(async (file: string, options: { out?: string }) => {
      const startedAt = new Date();
      const har = await readHarFile(file);
      const { findings, unattributed } = judgeHar(har);
      const report = findingsReport(findings, {
        file,
        startedAt,
        toolVersion: toolVersion(),
        unattributed,
      });
      process.stdout.write(`${formatConsoleSummary(report)}\n`);
      if (unattributed.length > 0)
        process.stdout.write(
          `${unattributed.length} exchange(s) not attributed to an operation (not judged by operation):\n${unattributed
            .map((e) => `  #${e.index} ${e.method} ${e.url} → ${e.status}: ${e.reason}\n`)
            .join('')}`,
        );
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
