/**
 * `npm run mutation` / `npm run mutation:full`: StrykerJS over the reference and protocol/, the
 * conformance suites as the test (docs/mutation.md), then the mutation score per folder.
 *
 * Stryker is started through its API rather than its CLI, so the merge into the committed results
 * below happens in one process (the CLI works too on the supported Node.js lines). Stryker's incremental file
 * holds the files of the last run only, so each run starts from the committed one
 * (`mutation/stryker-incremental.json`) and its files are merged back into it: a run over a few files
 * keeps what earlier runs measured of the others, and the figures cover every file measured so far.
 *
 * Without options: the bounded sample (CI), incremental. `--full`: every file of stryker.config.json's
 * `mutate`. `--mutate <file>` (repeatable): those files. `--force`: retest mutants whose results the
 * incremental file holds (after editing an existing case, which Stryker cannot see: it diffs the test
 * file, not the suites' YAML).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CodedError, isCodedError } from '../../lib/coded-error.ts';
import { mergeResults } from './merge-results.ts';
import { selectedBy, withoutSurvivors } from './retest-selection.ts';
import {
  folderFigures,
  formatFigures,
  formatSurvivors,
  isObject,
  readMutationReport,
  type MutationReport,
} from './mutation-report.ts';

const root = resolve(import.meta.dirname, '..', '..');
/** The committed results of every file measured so far. */
export const committedIncrementalFile = join(root, 'mutation', 'stryker-incremental.json');
const runIncrementalFile = join(root, 'reports', 'mutation', 'stryker-incremental-run.json');
/** The `--mutate` patterns of the last run started (none for `--full`), for `--merge-run`. */
const runSelectionFile = join(root, 'reports', 'mutation', 'run-selection.json');

/**
 * The bounded sample CI runs: the behaviour files whose results are committed, incremental, so an
 * unchanged sample costs Stryker's initial run of the cases only, and a change retests only the
 * mutants it touches (a mutant costs its covering cases: 0.14 s on a quiet machine for a cbpii rule,
 * seconds for code every transactions case reaches; docs/mutation.md, Speed).
 */
export const boundedSample: readonly string[] = [
  'reference-aspsp/ais/transaction-filter.ts',
  'reference-aspsp/ais/transaction-query.ts',
  'reference-aspsp/ais/paginate.ts',
  'reference-aspsp/cbpii/*.ts',
];

const usage = `usage: tsx tools/mutation/run-mutation.ts [--full | --mutate <file>...] [--concurrency n] [--force]

  (no option)       the bounded sample (${boundedSample.join(', ')}), incremental: what CI runs
  --full            every file of stryker.config.json "mutate" (hours on 2 cores; see docs/mutation.md)
  --mutate <file>   only this file or glob (repeatable)
  --concurrency n   test processes (default: stryker.config.json, 2)
  --force           retest every mutant of the selected files, ignoring the incremental results
  --retest-survivors
                    retest the surviving, timed-out and uncovered mutants of the selected files (kept results
                    of the others): after a change of what kills (docs/mutation.md, Seed and strict
                    kills), or after a run on a loaded machine (a timeout may be the load's)
  --report-only     print the per-folder figures of ${relativeToRoot(committedIncrementalFile)} and stop
  --merge-run       merge the partial results of an interrupted run (Ctrl-C) into the committed file
  --merge-from <f>  merge the results of another incremental file (another branch's
                    mutation/stryker-incremental.json) into the committed one, runs nothing;
                    with --only <path> (repeatable) only the source files under those paths are taken
  --survivors       with the figures, list every surviving and uncovered mutant (file:line, mutator, replacement)

Writes the HTML report to reports/mutation/index.html and merges the results into
${relativeToRoot(committedIncrementalFile)}, then prints the mutation score per folder.`;

function relativeToRoot(path: string): string {
  return path.slice(root.length + 1);
}

interface StrykerApi {
  new (options: Record<string, unknown>): { runMutationTest(): Promise<unknown[]> };
}

async function loadStryker(): Promise<StrykerApi> {
  const require = createRequire(join(root, 'package.json'));
  const core = dirname(require.resolve('@stryker-mutator/core/package.json'));
  // The engine without the CLI module, whose import refuses Node.js < 22 (see the module summary).
  const module: unknown = await import(pathToFileURL(join(core, 'dist', 'src', 'stryker.js')).href);
  const api: unknown =
    typeof module === 'object' && module !== null ? Reflect.get(module, 'Stryker') : undefined;
  if (typeof api !== 'function') throw new Error('@stryker-mutator/core has no Stryker export');
  return api as StrykerApi;
}

/** True when a measured file (a path relative to the root) is still in the tree. */
/**
 * Whether a file's results belong in the committed file: it still exists and stryker.config.json
 * still mutates it (a file taken out of `mutate` leaves the figures with its results).
 */
function stillMutated(path: string): boolean {
  return existsSync(join(root, path)) && configuredMutateTest()(path);
}

/** stryker.config.json's `mutate` as a test of paths, read on first use (inside `main`'s error handling). */
let configuredMutate: ((path: string) => boolean) | undefined;

function configuredMutateTest(): (path: string) => boolean {
  if (configuredMutate !== undefined) return configuredMutate;
  const mutate = mutateList(JSON.parse(readFileSync(join(root, 'stryker.config.json'), 'utf8')));
  if (mutate === undefined)
    throw new CodedError('ERR_MUTATION_CONFIG', 'stryker.config.json has no "mutate" list of globs');
  configuredMutate = selectedBy(mutate);
  return configuredMutate;
}

/** The `mutate` list of globs of a parsed JSON object (the config, or a run's selection), if any. */
function mutateList(value: unknown): string[] | undefined {
  const mutate = isObject(value) ? value['mutate'] : undefined;
  return Array.isArray(mutate) && mutate.every((p): p is string => typeof p === 'string')
    ? mutate
    : undefined;
}

function readIfPresent(path: string): MutationReport | undefined {
  return existsSync(path) ? readMutationReport(path) : undefined;
}

/** The text of a suite file now, to tell which of two recorded test lists is current. */
function currentSource(testFile: string): string | undefined {
  const path = join(root, testFile);
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
}

/** Puts `update`'s results over the committed file's and writes it back. */
function mergeIntoCommitted(
  update: MutationReport,
  options: { partial?: boolean; takeFile?: (path: string) => boolean } = {},
): void {
  const merged = mergeResults(readIfPresent(committedIncrementalFile), update, {
    ...options,
    exists: stillMutated,
    currentSource,
  });
  writeFileSync(committedIncrementalFile, `${JSON.stringify(merged)}\n`, 'utf8');
}

/** The files the interrupted run was given (every file when it was `--full` or is not on record). */
function lastRunSelection(): (path: string) => boolean {
  if (!existsSync(runSelectionFile)) return () => true;
  const mutate = mutateList(JSON.parse(readFileSync(runSelectionFile, 'utf8')));
  return mutate === undefined ? () => true : selectedBy(mutate);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      full: { type: 'boolean', default: false },
      mutate: { type: 'string', multiple: true },
      concurrency: { type: 'string' },
      force: { type: 'boolean', default: false },
      'retest-survivors': { type: 'boolean', default: false },
      'report-only': { type: 'boolean', default: false },
      survivors: { type: 'boolean', default: false },
      'merge-run': { type: 'boolean', default: false },
      'merge-from': { type: 'string' },
      only: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (values['merge-run'])
    mergeIntoCommitted(readMutationReport(runIncrementalFile), {
      partial: true,
      takeFile: lastRunSelection(),
    });
  else if (values['merge-from'] !== undefined) {
    const only = values.only ?? [];
    mergeIntoCommitted(readMutationReport(resolve(values['merge-from'])), {
      takeFile: (path) => only.length === 0 || only.some((prefix) => path.startsWith(prefix)),
    });
  } else if (!values['report-only']) {
    const options: Record<string, unknown> = {
      incrementalFile: relativeToRoot(runIncrementalFile),
      force: values.force,
    };
    const patterns = values.full ? undefined : (values.mutate ?? [...boundedSample]);
    if (patterns !== undefined) options['mutate'] = patterns;
    if (values.concurrency !== undefined) {
      const concurrency = Number(values.concurrency);
      if (!Number.isInteger(concurrency) || concurrency < 1) {
        process.stderr.write(`--concurrency ${values.concurrency} is not a whole number >= 1\n`);
        return 2;
      }
      options['concurrency'] = concurrency;
    }
    mkdirSync(dirname(runIncrementalFile), { recursive: true });
    writeFileSync(runSelectionFile, `${JSON.stringify({ mutate: patterns ?? null })}\n`, 'utf8');
    if (existsSync(committedIncrementalFile)) {
      if (values['retest-survivors'])
        writeFileSync(
          runIncrementalFile,
          `${JSON.stringify(
            withoutSurvivors(
              readMutationReport(committedIncrementalFile).raw,
              patterns === undefined ? () => true : selectedBy(patterns),
            ),
          )}\n`,
          'utf8',
        );
      else copyFileSync(committedIncrementalFile, runIncrementalFile);
    }
    const Stryker = await loadStryker();
    // Stryker reads stryker.config.json from the working directory.
    process.chdir(root);
    await new Stryker(options).runMutationTest();
    // Only the files this run was asked to mutate: Stryker's incremental file and its JSON report
    // also carry every other file it was given, as they stood when the run started, and another
    // run may have merged newer results of those since.
    mergeIntoCommitted(readMutationReport(runIncrementalFile), {
      takeFile: patterns === undefined ? () => true : selectedBy(patterns),
    });
  }
  const committed = readMutationReport(committedIncrementalFile);
  const report = {
    ...committed,
    files: new Map([...committed.files].filter(([path]) => stillMutated(path))),
  };
  if (values.survivors) process.stdout.write(`${formatSurvivors(report)}\n`);
  const figures = folderFigures(report);
  process.stdout.write(
    `\nmutation score per folder (every file measured so far):\n${formatFigures(figures)}\n`,
  );
  return 0;
}

/** The codes node:util parseArgs throws for a bad command line (Node.js's own, not the registry's). */
const parseArgsCodes = new Set([
  'ERR_PARSE_ARGS_UNKNOWN_OPTION',
  'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
  'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL',
]);

function isParseArgsError(error: unknown): error is Error {
  return error instanceof Error && parseArgsCodes.has(String(Reflect.get(error, 'code')));
}

try {
  process.exitCode = await main();
} catch (error) {
  if (isCodedError(error)) {
    process.stderr.write(`run-mutation: ${error.message}\nhint: ${error.hint}\n`);
    process.exitCode = 2;
  } else if (isParseArgsError(error)) {
    // An unknown or malformed option: the usage, not a stack trace.
    process.stderr.write(`run-mutation: ${error.message}\n${usage}\n`);
    process.exitCode = 2;
  } else throw error;
}
