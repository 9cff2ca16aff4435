import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../../cli/main.ts';
import { readPsd2Certificate } from '../../../protocol/psd2-certificate.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'certs-cmd-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI; returns its exit code and what it printed. */
async function run(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    err += String(chunk);
    return true;
  });
  process.exitCode = undefined;
  try {
    const code = await main(['node', 'stet-harness', 'certs', ...args]);
    return { code, out, err };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
    process.exitCode = undefined;
  }
}

describe('stet-harness certs', () => {
  it('writes a CA, a server certificate, a QWAC and a QSEAL with the STET roles mapped to PSD2 roles', async () => {
    const out = join(dir, 'one');
    const result = await run(
      '--out',
      out,
      '--org',
      'PSDFR-ACPR-12345',
      '--roles',
      'AISP,PISP,CBPII',
      '--nca-id',
      'FR-ACPR',
    );
    expect(result.code).toBe(0);
    expect((await readdir(out)).sort()).toEqual([
      'ca-key.pem',
      'ca.pem',
      'qseal-key.pem',
      'qseal.pem',
      'qwac-key.pem',
      'qwac.pem',
      'server-key.pem',
      'server.pem',
    ]);
    expect(result.out).toContain(join(out, 'qwac.pem'));
    const qwac = readPsd2Certificate(await readFile(join(out, 'qwac.pem'), 'utf8'));
    expect(qwac).toMatchObject({
      organizationIdentifier: 'PSDFR-ACPR-12345',
      roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
      ncaId: 'FR-ACPR',
    });
  });

  it('reuses a CA given with --ca-cert and --ca-key and writes no CA key', async () => {
    const first = join(dir, 'one');
    const out = join(dir, 'two');
    const result = await run(
      '--out',
      out,
      '--roles',
      'aisp',
      '--ca-cert',
      join(first, 'ca.pem'),
      '--ca-key',
      join(first, 'ca-key.pem'),
      '--server-names',
      'none',
    );
    expect(result.code).toBe(0);
    expect((await readdir(out)).sort()).toEqual([
      'ca.pem',
      'qseal-key.pem',
      'qseal.pem',
      'qwac-key.pem',
      'qwac.pem',
    ]);
    const qwac = new X509Certificate(await readFile(join(out, 'qwac.pem'), 'utf8'));
    expect(qwac.checkIssued(new X509Certificate(await readFile(join(first, 'ca.pem'), 'utf8')))).toBe(true);
  });

  it.each([
    [['--roles', 'AISP,BANKER'], 'ERR_PKI_BAD_ROLE'],
    [['--roles', ','], 'ERR_PKI_NO_ROLE'],
    [['--org', 'ACME'], 'ERR_PKI_BAD_ORG_ID'],
    [['--ca-cert', '/nonexistent/ca.pem', '--ca-key', '/nonexistent/ca-key.pem'], 'ERR_PKI_CA_UNREADABLE'],
    [['--ca-cert', '/nonexistent/ca.pem'], 'ERR_PKI_CA_UNREADABLE'],
    [['--server-names', 'not a host'], 'ERR_PKI_BAD_SERVER_NAME'],
  ])('exits 2 with a coded error for %j', async (args, code) => {
    const result = await run('--out', join(dir, 'bad'), ...args);
    expect(result.code).toBe(2);
    expect(result.err).toContain(code);
  });
});
