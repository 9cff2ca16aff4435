import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

const root = resolve(import.meta.dirname, '../../..');
const bin = resolve(root, 'bin/stet-harness.ts');
const tsx = resolve(root, 'node_modules/.bin/tsx');

/** A `stet-harness` child process started by a test. */
export interface CliProcess {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything written on stderr so far. */
  stderr(): string;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
}

/** Starts `stet-harness <args>` with its stdout and stderr captured. */
export function startCli(args: readonly string[]): CliProcess {
  const child = spawn(tsx, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, stderr: () => stderr, exited };
}

/** Starts `serve` (memory store, port 0, the test PKI cache) and reads its start line. */
export async function startServe(args: readonly string[]): Promise<{ process: CliProcess; info: unknown }> {
  const process = startCli([
    'serve',
    '--store',
    'memory',
    '--port',
    '0',
    '--pki',
    resolve(root, '.data/embedded-pki'),
    ...args,
  ]);
  const line = await new Promise<string>((done, fail) => {
    createInterface({ input: process.child.stdout }).once('line', done);
    void process.exited.then((code) => fail(new Error(`serve exited ${String(code)}: ${process.stderr()}`)));
  });
  return { process, info: JSON.parse(line) };
}

/** Stops a child with SIGTERM and waits for its exit code. */
export async function stop(process: CliProcess): Promise<number | null> {
  process.child.kill('SIGTERM');
  return process.exited;
}
