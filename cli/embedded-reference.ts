import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { CodedError } from '../lib/coded-error.ts';
import type { ChoiceBank } from '../reference-aspsp/choices/choice.ts';

/** The embedded reference could not be started. */
export class EmbeddedReferenceError extends CodedError<'ERR_EMBEDDED_REFERENCE'> {}

/** Options of {@link startEmbeddedReference}. */
export interface EmbeddedReferenceOptions {
  /** Fault names passed to the reference (`--fault`). */
  readonly faults?: readonly string[];
  /** The bank the reference plays where the seed is silent (`serve --choices`); default `reference`. */
  readonly choices?: ChoiceBank;
  /** Where the reference keeps its generated PKI between runs (default `.data/embedded-pki`). */
  readonly pkiDir?: string;
  /** Version calendar overrides file (`serve --calendar`). */
  readonly calendar?: string;
  /** ISO instant the reference's clock starts at (`serve --clock`); default the system clock. */
  readonly clock?: string;
}

/** A running embedded reference: its start line (docs/contracts.md §8) and how to stop it. */
export interface EmbeddedReference {
  readonly info: unknown;
  close(): Promise<void>;
}

const root = resolve(import.meta.dirname, '..');
const startTimeoutMs = 120_000;

/**
 * Starts the reference bank as `stet-harness serve` in a child process (port 0, fresh memory store,
 * sandbox mode) and reads its JSON start line.
 *
 * A child process rather than in-process: the bank and the harness then run on two cores instead of
 * sharing one event loop, which roughly halves a full run. The PKI is cached in `pkiDir`, so only the
 * first run pays for key generation. With default options, a reference this process prestarted
 * ({@link prestartEmbeddedReference}) is taken instead of a new one.
 */
export async function startEmbeddedReference(
  options: EmbeddedReferenceOptions = {},
): Promise<EmbeddedReference> {
  const isDefault =
    (options.faults ?? []).length === 0 &&
    (options.choices ?? 'reference') === 'reference' &&
    options.pkiDir === undefined &&
    options.calendar === undefined &&
    options.clock === undefined;
  if (isDefault && prestarted !== undefined) {
    const taken = prestarted;
    prestarted = undefined;
    holdProcess(taken.child, true);
    return taken.ready;
  }
  return launch(options).ready;
}

/** A child being started: the process, and its start line read into a running reference. */
interface Launch {
  readonly child: ChildProcess;
  readonly ready: Promise<EmbeddedReference>;
}

function launch(options: EmbeddedReferenceOptions): Launch {
  const pkiDir = options.pkiDir ?? join(root, '.data', 'embedded-pki');
  const args = [
    // The child loads TypeScript through tsx whatever runs this process (tsx, vitest, a bundler).
    '--import',
    pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
    join(root, 'bin', 'stet-harness.ts'),
    'serve',
    '--port',
    '0',
    '--store',
    'memory',
    '--pki',
    pkiDir,
    ...(options.faults ?? []).flatMap((fault) => ['--fault', fault]),
    ...(options.choices === undefined ? [] : ['--choices', options.choices]),
    ...(options.calendar === undefined ? [] : ['--calendar', options.calendar]),
    ...(options.clock === undefined ? [] : ['--clock', options.clock]),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr.push(chunk);
    if (stderr.length > 50) stderr.shift();
  });
  const ready = readStartLine(child, () => stderr.join('')).then(
    (info): EmbeddedReference => ({ info, close: () => stop(child) }),
    (error: unknown) => {
      child.kill('SIGKILL');
      throw error;
    },
  );
  return { child, ready };
}

/** Whether a child (its process and its pipes, sockets at run time) keeps this process's loop alive. */
function holdProcess(child: ChildProcess, hold: boolean): void {
  for (const handle of [child, child.stdout, child.stderr] as unknown[])
    if (isRefable(handle)) {
      if (hold) handle.ref();
      else handle.unref();
    }
}

function isRefable(value: unknown): value is { ref(): unknown; unref(): unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'ref' in value &&
    'unref' in value &&
    typeof value.ref === 'function' &&
    typeof value.unref === 'function'
  );
}

/** The default reference started before the command line was parsed, until a command takes it. */
let prestarted: Launch | undefined;

/** Options of `run` that make it use another reference than the default embedded one, or none. */
const otherReference = ['--target', '--fault', '--choices', '--calendar', '--at', '--help', '-h'];

/** True for a command line (`process.argv`) that is a `run` against the default embedded reference. */
export function runsOnDefaultReference(argv: readonly string[]): boolean {
  const [command, ...args] = argv.slice(2);
  return (
    command === 'run' &&
    !args.some((arg) => otherReference.some((name) => arg === name || arg.startsWith(`${name}=`)))
  );
}

/**
 * Starts the default embedded reference at once when `argv` is a `run` against it (no `--target`,
 * `--fault`, `--choices`, `--calendar`, `--at` or `--help`), before the command line's modules load: the child's
 * start (about a second) then overlaps the harness's own start instead of following it
 * (docs/performance.md). `run` takes it through {@link startEmbeddedReference}; should the process end
 * without taking it (a bad option, a bad suite), it is stopped with the process.
 */
export function prestartEmbeddedReference(argv: readonly string[]): void {
  if (!runsOnDefaultReference(argv) || prestarted !== undefined) return;
  const started = launch({});
  // Untaken, the child must not keep this process alive (a bad option exits 2 at once)...
  holdProcess(started.child, false);
  // ...and its failure, the taker's to report, must not be an unhandled rejection.
  started.ready.catch(() => undefined);
  prestarted = started;
  process.once('exit', () => {
    if (prestarted === started) started.child.kill();
  });
}

function readStartLine(child: ChildProcess, stderr: () => string): Promise<unknown> {
  return new Promise((resolvePromise, reject) => {
    const stdout = child.stdout;
    if (stdout === null) {
      reject(failure('the reference process has no stdout', stderr()));
      return;
    }
    const lines = createInterface({ input: stdout });
    const timer = setTimeout(() => {
      lines.close();
      reject(failure(`the reference did not start within ${startTimeoutMs / 1000} s`, stderr()));
    }, startTimeoutMs);
    // The child keeps this process alive while it is awaited; the time limit alone must not.
    timer.unref();
    lines.once('line', (line) => {
      clearTimeout(timer);
      lines.close();
      try {
        resolvePromise(JSON.parse(line));
      } catch {
        reject(
          failure(`the reference printed a start line that is not JSON: ${line.slice(0, 200)}`, stderr()),
        );
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(failure(`the reference exited with code ${String(code)} before it started`, stderr()));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}

function failure(message: string, stderr: string): EmbeddedReferenceError {
  const tail = stderr.trim().split('\n').slice(-8).join('\n');
  return new EmbeddedReferenceError('ERR_EMBEDDED_REFERENCE', message, {
    hint:
      tail === '' ? 'run `npx stet-harness serve --store memory --port 0` to see why' : `its log:\n${tail}`,
  });
}
