import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { CodedError } from '../../lib/coded-error.ts';
import { formatConsoleSummary } from '../../harness/report/console-reporter.ts';
import { parseReport } from '../../harness/report/json-report.ts';
import { missingShards } from '../../harness/report/model.ts';
import { mergeReports, type ShardReport } from '../../harness/report/merge-reports.ts';
import { reportFiles, writeReports } from '../../harness/report/write-reports.ts';
import { checkOutputDir } from '../output-paths.ts';
import { verdictExitCode } from '../verdict-exit-code.ts';

interface MergeOptions {
  out: string;
  verbose: boolean | undefined;
  allowPartial: boolean | undefined;
}

/**
 * `stet-harness merge-reports DIR...`: one set of reports (JUnit, JSON, HTML) from the `report.json`
 * of each shard of a run, and the run's exit code (0 conforms, 1 does not, 2 a case errored). Every
 * shard 1/n … n/n of one run must be there (exit 2 otherwise, nothing written); `--allow-partial`
 * merges what is there and every output says "incomplete: shard i/n missing" (exit 2).
 */
export function register(program: Command): void {
  program
    .command('merge-reports')
    .description('merge the report.json of sharded runs (run --shard i/n) into one set of reports')
    .argument('<dirs...>', 'folders the shards wrote (or their report.json files)')
    .option('--out <dir>', 'folder for the merged junit.xml, report.json and report.html', 'reports/merged')
    .option('--verbose', 'list every rule with its counts in the summary')
    .option(
      '--allow-partial',
      'merge even when shards are missing: every output says which (incomplete: shard 4/4 missing), exit 2',
    )
    .addHelpText(
      'after',
      '\nExample:\n  stet-harness merge-reports reports/shard-1 reports/shard-2 reports/shard-3 reports/shard-4 --out reports/merged\n',
    )
    .action(async (dirs: string[], options: MergeOptions) => {
      checkOutputDir(options.out, '--out');
      const shards = dirs.map(readShard);
      const report = mergeReports(shards, { allowPartial: options.allowPartial === true });
      await writeReports(report, { outDir: options.out });
      process.stdout.write(formatConsoleSummary(report, { verbose: options.verbose === true }));
      process.stderr.write(`merged ${shards.length} report(s) into ${options.out}/\n`);
      const missing = missingShards(report);
      if (missing !== undefined) process.stderr.write(`stet-harness: ${missing}\n`);
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
