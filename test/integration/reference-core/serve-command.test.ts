import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';

const bin = resolve(import.meta.dirname, '../../../bin/stet-harness.ts');
const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

type Child = ChildProcessByStdio<null, Readable, Readable>;

function serve(args: string[]): Child {
  return spawn(tsx, [bin, 'serve', '--store', 'memory', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function firstLine(child: Child): Promise<string> {
  return new Promise((done) => createInterface({ input: child.stdout }).once('line', done));
}

function exitCode(child: Child): Promise<number | null> {
  return new Promise((done) => child.once('exit', (code) => done(code)));
}

describe('stet-harness serve', () => {
  it('prints the JSON start line first and exits 0 on SIGTERM', async () => {
    const child = serve([]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const info: unknown = JSON.parse(await firstLine(child));
    if (!isRecord(info) || !isRecord(info.tpp) || !isRecord(info.tpps) || !Array.isArray(info.institutions)) {
      throw new Error(`unexpected start line ${JSON.stringify(info)}`);
    }
    expect(String(info.url)).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(
      info.institutions.map((i: unknown) => (isRecord(i) ? [i.code, i.host] : undefined)),
    ).toContainEqual(['10101', 'api-10101.psd2.groupbank.example']);
    expect([info.tpp.clientId, info.tpp.redirectUri]).toEqual([
      'PSDFR-ACPR-12345',
      'https://tpp.example/callback',
    ]);
    expect(Object.keys(info.tpps).sort()).toEqual(['aispOnly', 'foreignCa', 'unenrolled']);
    child.kill('SIGTERM');
    expect(await exitCode(child), stderr).toBe(0);
    expect(stderr).not.toContain('WARNING');
  }, 60_000);

  it('warns on stderr when --host is not a loopback address, and serves', async () => {
    const child = serve(['--host', '0.0.0.0']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const info: unknown = JSON.parse(await firstLine(child));
    expect(isRecord(info) ? String(info.url) : '').toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    child.kill('SIGTERM');
    expect(await exitCode(child), stderr).toBe(0);
    expect(stderr).toContain(
      'WARNING: serve listens on 0.0.0.0, not on a loopback address: anyone who can reach it can use the reference bank',
    );
  }, 60_000);

  it('exits 2 for an unknown fault name', async () => {
    const child = serve(['--fault', 'no-such-fault']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitCode(child)).toBe(2);
    expect(stderr).toContain('ERR_FAULT_UNKNOWN');
  }, 60_000);
});
