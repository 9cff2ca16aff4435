import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { CodedError } from '../../lib/coded-error.ts';
import { formatConsoleSummary } from '../../harness/report/console-reporter.ts';
import { parseReport } from '../../harness/report/json-report.ts';
import { mergeReports, type ShardReport } from '../../harness/report/merge-reports.ts';
import { reportFiles, writeReports } from '../../harness/report/write-reports.ts';
import { checkOutputDir } from '../output-paths.ts';
import { verdictExitCode } from '../verdict-exit-code.ts';

interface MergeOptions {
  out: string;
  verbose: boolean | undefined;
}

/**
 * `stet-harness merge-reports DIR...`: one set of reports (JUnit, JSON, HTML) from the `report.json`
 * of each shard of a run, and the run's exit code (0 conforms, 1 does not, 2 a case errored).
 */
export function register(program: Command): void {
  program
    .command('merge-reports')
    .description('merge the report.json of sharded runs (run --shard i/n) into one set of reports')
    .argument('<dirs...>', 'folders the shards wrote (or their report.json files)')
    .option('--out <dir>', 'folder for the merged junit.xml, report.json and report.html', 'reports/merged')
    .option('--verbose', 'list every rule with its counts in the summary')
    .action(async (dirs: string[], options: MergeOptions) => {
      checkOutputDir(options.out, '--out');
      const shards = dirs.map(readShard);
      const report = mergeReports(shards);
      await writeReports(report, { outDir: options.out });
      process.stdout.write(formatConsoleSummary(report, { verbose: options.verbose === true }));
      process.stderr.write(`merged ${shards.length} report(s) into ${options.out}/\n`);
      process.exitCode = verdictExitCode(report);
    });
}

function readShard(path: string): ShardReport {
  let file = path;
  try {
    if (statSync(path).isDirectory()) file = join(path, reportFiles.json);
  } catch {
    // Reported below with the path as given.
  }
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CodedError(
      'ERR_MERGE_INPUT',
      `cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`,
      { hint: 'give the folders the shards wrote with run --out (each holds a report.json)' },
    );
  }
  return { source: file, report: parseReport(value) };
}
