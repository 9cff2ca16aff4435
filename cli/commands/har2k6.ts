import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { ExitCode } from '../../lib/exit-codes.ts';
import { checkOutputFile } from '../output-paths.ts';
import { readHarFile } from '../../traffic/har/har-file.ts';
import { harToK6 } from '../../traffic/k6/har-to-k6.ts';
import { TrafficError } from '../../traffic/traffic-error.ts';

/** `stet-harness har2k6`: a k6 load script from a recording. */
export function register(program: Command): void {
  program
    .command('har2k6')
    .description('write a k6 script replaying a HAR recording, with thresholds (BASE_URL env sets the host)')
    .argument('<file>', 'HAR file')
    .requiredOption('--out <file>', 'k6 script to write')
    .option('--vus <n>', 'virtual users', '1')
    .option('--duration <d>', 'k6 duration', '30s')
    .option('--p95 <ms>', 'threshold: 95th percentile of request durations', '500')
    .action(async (file: string, options: { out: string; vus: string; duration: string; p95: string }) => {
      const vus = Number(options.vus);
      const p95Ms = Number(options.p95);
      if (!Number.isInteger(vus) || vus < 1 || !Number.isFinite(p95Ms) || p95Ms <= 0)
        throw new TrafficError(
          'ERR_REPLAY_OPTIONS',
          '--vus must be a positive integer and --p95 a positive number',
          { hint: 'e.g. --vus 5 --p95 300' },
        );
      // A missing folder is refused before the recording is read, never created silently.
      checkOutputFile(options.out, '--out');
      const har = await readHarFile(file);
      await writeFile(options.out, harToK6(har, { vus, duration: options.duration, p95Ms }));
      process.stdout.write(`wrote ${options.out} (${har.log.entries.length} request(s))\n`);
      process.exitCode = ExitCode.Conforms;
    });
}
