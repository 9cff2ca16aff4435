import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { writeFreshnessInstitutions } from '../../../cli/selftest/selftest-environments.ts';
import { loadTarget } from '../../../harness/index.ts';
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
    expect(stderr).toContain('ERR_FAULT_NAME: unknown fault no-such-fault');
  }, 60_000);

  it('starts with --institutions and writes the institution options into --write-target', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-institutions-'));
    try {
      const institutions = await writeFreshnessInstitutions(dir);
      const file = join(dir, 'target.yaml');
      const child = serve(['--institutions', institutions, '--write-target', file]);
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const info: unknown = JSON.parse(await firstLine(child));
      const list: unknown[] = isRecord(info) && Array.isArray(info.institutions) ? info.institutions : [];
      const first = list[0];
      expect(isRecord(first) ? first.signatureFreshness : undefined).toEqual({
        windowSeconds: 60,
        replayCache: true,
      });
      await new Promise<void>((done) => {
        const poll = (): void =>
          stderr.includes('target file written') ? done() : void setTimeout(poll, 50);
        poll();
      });
      expect(readFileSync(file, 'utf8')).toContain('signatureFreshness:');
      const target = loadTarget(file);
      expect(target.institutions.map((i) => [i.code, i.signatureFreshness?.windowSeconds])).toEqual([
        ['10101', 60],
        ['20202', undefined],
        ['30303', undefined],
      ]);
      expect(target.institutions[0]?.signatureHeaders).toContain('date');
      child.kill('SIGTERM');
      expect(await exitCode(child), stderr).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('exits 2 when the --institutions file does not exist', async () => {
    const child = serve(['--institutions', '/nonexistent/institutions.yaml']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exitCode(child)).toBe(2);
    expect(stderr).toContain('ERR_SERVE_OPTION');
    expect(stderr).toContain('--institutions /nonexistent/institutions.yaml is not a file');
  }, 60_000);
});
