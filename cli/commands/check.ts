import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { formatConsoleSummary } from '../../harness/report/console-reporter.ts';
import { runVerdict } from '../../harness/report/model.ts';
import { SecretSet } from '../../harness/report/secret-set.ts';
import { writeReports } from '../../harness/report/write-reports.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { judgeHar } from '../../traffic/check/check-har.ts';
import { findingsReport } from '../../traffic/check/findings-report.ts';
import { readHarFile } from '../../traffic/har/har-file.ts';
import { redactJudgement } from '../../traffic/check/redact-judgement.ts';
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
    .option('--strict', 'advisory findings (rules that are our choices, where the seed is silent) fail too')
    .addHelpText('after', examples('stet-harness check traffic.har --out reports/check'))
    .action(async (file: string, options: { out?: string; strict?: boolean }) => {
      const startedAt = new Date();
      // Judged on the original exchanges (a redaction must never change a verdict), written redacted:
      // the report shows the transcripts, and a HAR exported by a browser or another proxy still holds
      // its tokens, codes and PSU data in clear.
      const har = await readHarFile(file);
      const { findings, unattributed } = redactJudgement(har, judgeHar(har));
      const report = findingsReport(findings, {
        file,
        startedAt,
        toolVersion: toolVersion(),
        unattributed,
        strict: options.strict === true,
      });
      process.stdout.write(`${formatConsoleSummary(report)}\n`);
      if (unattributed.length > 0)
        process.stdout.write(
          `${unattributed.length} exchange(s) not attributed to an operation (not judged by operation):\n${unattributed
            .map((e) => `  #${e.index} ${e.method} ${e.url} → ${e.status}: ${e.reason}\n`)
            .join('')}`,
        );
      if (options.out !== undefined) {
        // The harness's own redaction too: credential fields get its placeholders, which its scan of
        // every written report knows.
        const written = await writeReports(report, { outDir: options.out, secrets: new SecretSet() });
        process.stdout.write(`reports: ${written.join(', ')}\n`);
      }
      const verdict = runVerdict(report);
      process.exitCode =
        verdict === 'incomplete'
          ? ExitCode.HarnessError
          : verdict === 'does-not-conform'
            ? ExitCode.NotConforming
            : ExitCode.Conforms;
    });
}
