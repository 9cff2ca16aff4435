import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { CodedError } from '../lib/coded-error.ts';

/** The embedded reference could not be started. */
export class EmbeddedReferenceError extends CodedError<'ERR_EMBEDDED_REFERENCE'> {}

/** Options of {@link startEmbeddedReference}. */
export interface EmbeddedReferenceOptions {
  /** Fault names passed to the reference (`--fault`). */
  readonly faults?: readonly string[];
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
 * first run pays for key generation.
 */
export async function startEmbeddedReference(
  options: EmbeddedReferenceOptions = {},
): Promise<EmbeddedReference> {
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
  let info: unknown;
  try {
    info = await readStartLine(child, () => stderr.join(''));
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { info, close: () => stop(child) };
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
