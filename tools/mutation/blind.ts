/**
 * `npm run mutation:blind`: the blind mutant set (`mutation/blind/`, docs/mutation.md "Blind
 * mutants"). For each mutant: a scratch copy of the repository at a commit (`git archive`, with
 * node_modules linked), the patch applied, one default `stet-harness run` there (the embedded
 * reference, default options, JSON report), and the verdict: killed when the run exits 1 with a failed
 * case, survived when it exits 0; a timeout or exit 2 is errored and a patch that does not apply is
 * named with its file, both shown apart and counted as not killed. Prints a table and the kill rate,
 * and records the verdicts in `mutation/blind/results.json`.
 *
 * Options: `--list`; `--only <id>` (repeatable, an id or its number); `--sample <n>` (n mutants spread
 * over the set, a bounded run); `--jobs <n>` (mutants at once, default 1); `--timeout <s>` (per run,
 * default 300); `--commit <rev>` (default HEAD); `--no-write` (print only).
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  parseBlindSet,
  patchedFiles,
  selectMutants,
  unmatchedPatches,
  type BlindMutant,
} from './blind-set.ts';
import { CodedError, isCodedError } from '../../lib/coded-error.ts';
import {
  classifyRun,
  failedCasesOf,
  formatTable,
  summarise,
  type BlindVerdict,
  type RunObservation,
} from './blind-verdict.ts';

const root = resolve(import.meta.dirname, '..', '..');
const setFolder = join(root, 'mutation', 'blind');
const resultsFile = join(setFolder, 'results.json');

const usage =
  'usage: npm run mutation:blind -- [--list] [--only <id>]... [--sample <n>] [--jobs <n>] [--timeout <s>] [--commit <rev>] [--no-write]';

function readSet(): { mutants: readonly BlindMutant[] } {
  const set = parseBlindSet(readFileSync(join(setFolder, 'mutants.yaml'), 'utf8'));
  const { unlisted, missing } = unmatchedPatches(set, readdirSync(setFolder));
  if (unlisted.length > 0 || missing.length > 0)
    throw new CodedError(
      'ERR_BLIND_RUN',
      `mutation/blind: ${[...unlisted.map((f) => `${f} is not in mutants.yaml`), ...missing.map((f) => `${f} is missing`)].join('; ')}`,
    );
  return set;
}

function git(args: readonly string[]): string {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0)
    throw new CodedError('ERR_BLIND_RUN', `git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** A pristine tree of the commit, extracted once per run and copied for each mutant. */
function extractCommit(commit: string, into: string): void {
  const archive = spawnSync('git', ['archive', '--format=tar', commit], { cwd: root, maxBuffer: 1 << 30 });
  if (archive.status !== 0)
    throw new CodedError('ERR_BLIND_RUN', `git archive ${commit}: ${archive.stderr.toString().trim()}`);
  const tar = spawnSync('tar', ['-x', '-C', into], { input: archive.stdout });
  if (tar.status !== 0) throw new CodedError('ERR_BLIND_RUN', `tar: ${tar.stderr.toString().trim()}`);
}

/** Runs the default `stet-harness run` in `dir`; resolves with what was seen. */
function runHarness(dir: string, reportDir: string, timeoutSeconds: number): Promise<RunObservation> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(dir, 'bin', 'stet-harness.ts'),
        'run',
        '--reporter',
        'json',
        '--out',
        reportDir,
      ],
      { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
    );
    // The last lines of stderr only: a run that gives no verdict says why there.
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000);
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The harness and the reference it started share the group the child leads.
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, timeoutSeconds * 1000);
    child.on('exit', (exitCode) => {
      clearTimeout(timer);
      if (timedOut) return done({ kind: 'timeout', seconds: timeoutSeconds });
      const report = join(reportDir, 'report.json');
      const failedCases = existsSync(report) ? failedCasesOf(readFileSync(report, 'utf8')) : undefined;
      const lastError = stderr
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('npm warn'))
        .at(-1);
      done({ kind: 'exited', exitCode, failedCases, lastError });
    });
  });
}

async function measure(
  mutant: BlindMutant,
  pristine: string,
  options: { timeoutSeconds: number },
): Promise<BlindVerdict> {
  const started = Date.now();
  const scratch = mkdtempSync(join(tmpdir(), `stet-blind-${mutant.id.slice(0, 2)}-`));
  const dir = join(scratch, 'repo');
  try {
    cpSync(pristine, dir, { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const patch = join(setFolder, mutant.file);
    const applied = spawnSync('git', ['apply', '--whitespace=nowarn', patch], { cwd: dir, encoding: 'utf8' });
    const observation: RunObservation =
      applied.status === 0
        ? await runHarness(dir, join(scratch, 'reports'), options.timeoutSeconds)
        : {
            kind: 'patch-does-not-apply',
            files: patchedFiles(readFileSync(patch, 'utf8')),
            message: applied.stderr.trim().split('\n')[0] ?? 'git apply failed',
          };
    return { id: mutant.id, ...classifyRun(observation), durationMs: Date.now() - started };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Runs `work` over `items` with at most `jobs` at once, keeping the items' order in the answer. */
async function pool<T, R>(items: readonly T[], jobs: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item !== undefined) answers[index] = await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  return answers;
}

/** The results file: the latest verdict of each mutant, with the commit and date it was measured at. */
interface ResultsFile {
  readonly $comment: string;
  readonly measuredAt: string;
  readonly commit: string;
  readonly summary: ReturnType<typeof summarise>;
  readonly mutants: readonly (BlindVerdict & { readonly commit: string; readonly measuredAt: string })[];
}

function previousResults(): ResultsFile['mutants'] {
  if (!existsSync(resultsFile)) return [];
  const value: unknown = JSON.parse(readFileSync(resultsFile, 'utf8'));
  if (typeof value !== 'object' || value === null || !('mutants' in value) || !Array.isArray(value.mutants))
    return [];
  const entries: readonly unknown[] = value.mutants;
  return entries.filter(
    (entry): entry is ResultsFile['mutants'][number] =>
      typeof entry === 'object' && entry !== null && 'id' in entry && 'outcome' in entry && 'commit' in entry,
  );
}

function writeResults(
  mutants: readonly BlindMutant[],
  verdicts: readonly BlindVerdict[],
  stamp: { commit: string; measuredAt: string },
): ResultsFile {
  const byId = new Map(previousResults().map((entry) => [entry.id, entry]));
  for (const verdict of verdicts) byId.set(verdict.id, { ...verdict, ...stamp });
  // Only mutants still in the set, in its order; a partial run keeps the others' last verdicts.
  const entries = mutants.flatMap((mutant) => {
    const entry = byId.get(mutant.id);
    return entry === undefined ? [] : [entry];
  });
  const file: ResultsFile = {
    $comment:
      'Written by npm run mutation:blind (tools/mutation/blind.ts): the latest verdict of each blind mutant; docs/mutation.md, "Blind mutants".',
    ...stamp,
    summary: summarise(entries),
    mutants: entries,
  };
  writeFileSync(resultsFile, `${JSON.stringify(file, null, 2)}\n`);
  return file;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new CodedError('ERR_BLIND_RUN', `--${name} takes a positive whole number`);
  return parsed;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      list: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true, default: [] },
      sample: { type: 'string' },
      jobs: { type: 'string' },
      timeout: { type: 'string' },
      commit: { type: 'string', default: 'HEAD' },
      'no-write': { type: 'boolean', default: false },
    },
  });
  const set = readSet();
  if (values.list) {
    for (const mutant of set.mutants)
      process.stdout.write(`${mutant.id}  [${mutant.family}]  ${mutant.bug}\n`);
    return 0;
  }
  const chosen = selectMutants(set.mutants, {
    only: values.only,
    sample: values.sample === undefined ? undefined : positive('sample', values.sample, 1),
  });
  const jobs = positive('jobs', values.jobs, 1);
  const timeoutSeconds = positive('timeout', values.timeout, 300);
  const commit = git(['rev-parse', values.commit]);
  const work = mkdtempSync(join(tmpdir(), 'stet-blind-'));
  try {
    const pristine = join(work, 'pristine');
    mkdirSync(pristine);
    extractCommit(commit, pristine);
    process.stdout.write(`${chosen.length} blind mutant(s) at ${commit.slice(0, 12)}, ${jobs} at a time\n`);
    const verdicts = await pool(chosen, jobs, async (mutant) => {
      const verdict = await measure(mutant, pristine, { timeoutSeconds });
      process.stdout.write(`  ${verdict.id}: ${verdict.outcome} (${verdict.detail})\n`);
      return verdict;
    });
    process.stdout.write(`\n${formatTable(verdicts)}\n`);
    if (!values['no-write']) {
      const file = writeResults(set.mutants, verdicts, { commit, measuredAt: new Date().toISOString() });
      const s = file.summary;
      process.stdout.write(
        `mutation/blind/results.json: ${s.killed}/${s.total} = ${s.killRate.toFixed(1)} % over every mutant measured so far\n`,
      );
    }
    return 0;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  if (isCodedError(error)) {
    process.stderr.write(
      `mutation:blind: error ${error.code}: ${error.message}\n  hint: ${error.hint}\n${usage}\n`,
    );
    process.exitCode = 2;
  } else throw error;
}
