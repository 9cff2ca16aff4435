/**
 * `stet-harness serve` as a child process for the reliability tests: its start line, its stderr, and
 * calls to its sandbox control API as the demo TPP.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { isRecord } from '../../reference-aspsp/lib/is-record.ts';

const bin = resolve(import.meta.dirname, '../../bin/stet-harness.ts');

/** The parts of the start line (contracts §8) these tests use. */
export interface ServeStart {
  readonly url: string;
  readonly ca: string;
  readonly qwacCert: string;
  readonly qwacKey: string;
}

/** A running (or exited) serve process. */
export interface ServeProcess {
  readonly child: ChildProcessByStdio<null, Readable, Readable>;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
}

/**
 * Spawns `serve --port 0` with `args`, in a node process of its own with tsx as a loader rather than
 * through the `tsx` command, which would run it in a grandchild: a kill -9 must reach the server.
 */
export function spawnServe(args: readonly string[]): ServeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', bin, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return { child, stderr: () => stderr, exited };
}

/** The start line of a serve process, or an error with its stderr when it exits first. */
export async function startLine(serve: ServeProcess): Promise<ServeStart> {
  const line = await Promise.race([
    new Promise<string>((done) => createInterface({ input: serve.child.stdout }).once('line', done)),
    serve.exited.then((code) => {
      throw new Error(`serve exited with ${String(code)} before its start line: ${serve.stderr()}`);
    }),
  ]);
  const info: unknown = JSON.parse(line);
  if (!isRecord(info) || !isRecord(info.tpp)) throw new Error(`unexpected start line ${line}`);
  const { url, ca } = info;
  const { qwacCert, qwacKey } = info.tpp;
  if (
    typeof url !== 'string' ||
    typeof ca !== 'string' ||
    typeof qwacCert !== 'string' ||
    typeof qwacKey !== 'string'
  )
    throw new Error(`unexpected start line ${line}`);
  return { url, ca, qwacCert, qwacKey };
}

/** A demo-TPP client of the sandbox control API of one serve process (institution 10101). */
export class SandboxClient {
  readonly #start: ServeStart;
  readonly #agent: Agent;

  constructor(start: ServeStart) {
    this.#start = start;
    this.#agent = new Agent({
      connect: {
        ca: readFileSync(start.ca, 'utf8'),
        cert: readFileSync(start.qwacCert, 'utf8'),
        key: readFileSync(start.qwacKey, 'utf8'),
        servername: 'api-10101.psd2.groupbank.example',
      },
    });
  }

  /** POSTs JSON (or nothing) to a sandbox path; resolves with the status and the parsed body. */
  async post(path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await request(`${this.#start.url}/sandbox/v1${path}`, {
      method: 'POST',
      headers: {
        host: 'api-10101.psd2.groupbank.example',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher: this.#agent,
    });
    const text = await response.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, json };
  }

  async close(): Promise<void> {
    await this.#agent.destroy();
  }
}
