import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { loadTarget } from '../../harness/index.ts';
import { checkOutputFile } from '../output-paths.ts';
import { readStetHarFile } from '../../traffic/har/stet-har.ts';
import { parseDuration } from '../../load/duration.ts';
import { harToK6 } from '../../load/k6/har-to-k6.ts';
import { LoadError } from '../../load/load-error.ts';
import { parseThreshold } from '../../load/threshold.ts';

interface Har2k6Options {
  out: string;
  vus: string;
  duration: string;
  p95: string | undefined;
  threshold: string[];
  target: string | undefined;
}

/**
 * `stet-harness har2k6`: a k6 load script from a recording, on the exporter of `load --export-k6`:
 * every call re-signed and re-tokened, redacted values never sent, each institution on its own host.
 */
export function register(program: Command): void {
  program
    .command('har2k6')
    .description(
      'write a k6 TypeScript script replaying a HAR recording re-signed and re-tokened, with thresholds (docs/load.md)',
    )
    .argument('<file>', 'HAR file (redacted or not: redacted values are never sent)')
    .requiredOption('--out <file>', 'k6 script to write (.ts)')
    .option('--vus <n>', 'virtual users per institution host', '1')
    .option('--duration <d>', 'how long k6 runs (10s, 2m)', '30s')
    .option('--p95 <ms>', 'threshold: 95th percentile of request durations (same as --threshold p95<MSms)')
    .option(
      '--threshold <expr>',
      'threshold (repeatable): p95<300ms, errors<0.1%, 5xx=0, availability>=99.9% (default p95<500ms, errors<1%, 5xx=0)',
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option(
      '--target <file>',
      'target file: its TPP (client_id, keyId) and connect address go into the script',
    )
    .addHelpText(
      'after',
      examples("stet-harness har2k6 traffic.har --out load.ts --vus 5 --threshold 'p95<300ms'"),
    )
    .action(async (file: string, options: Har2k6Options) => {
      const vus = Number(options.vus);
      if (!Number.isInteger(vus) || vus < 1)
        throw new LoadError('ERR_LOAD_OPTION', `--vus ${options.vus} is not a positive integer`, {
          hint: 'e.g. --vus 5',
        });
      const texts = [...options.threshold];
      if (options.p95 !== undefined) texts.push(`p95<${options.p95}ms`);
      const thresholds = (texts.length === 0 ? ['p95<500ms', 'errors<1%', '5xx=0'] : texts).map(
        parseThreshold,
      );
      const durationMs = parseDuration(options.duration);
      // A missing folder is refused before the recording is read, never created silently.
      checkOutputFile(options.out, '--out');
      const target = options.target === undefined ? undefined : loadTarget(options.target);
      // An empty or non-STET recording would export a script that sends nothing: refused (exit 2).
      const har = await readStetHarFile(file);
      const script = harToK6(har, { source: file, durationMs, vus, thresholds, target });
      try {
        await writeFile(options.out, script);
      } catch (error) {
        throw new LoadError('ERR_LOAD_EXPORT', `cannot write ${options.out}`, {
          cause: error,
          hint: 'check that its folder exists and is writable',
        });
      }
      process.stdout.write(`wrote ${options.out} (${har.log.entries.length} recorded request(s))\n`);
      process.exitCode = ExitCode.Conforms;
    });
}
