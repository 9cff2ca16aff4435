import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTlsCertificate } from '../../../pki/index.ts';

const root = resolve(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const bin = join(root, 'bin/stet-harness.ts');
const dir = mkdtempSync(join(tmpdir(), 'stet-target-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `stet-harness <args>` as a user does: a child process, its streams and exit code. */
function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(tsx, [bin, ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** A target file next to the generated PKI, with the QWAC and its key given. */
function targetFile(name: string, qwac: { cert: string; key: string }): string {
  const path = join(dir, `${name}.yaml`);
  writeFileSync(
    path,
    [
      `name: ${name}`,
      'baseUrl: https://sandbox-<institution_code>.bank.test',
      'ca: ./ca.pem',
      'versions: [v1.6.2]',
      "institutions: [{ code: '10101' }]",
      'tpp:',
      '  clientId: PSDFR-ACPR-12345',
      `  qwac: { cert: ${qwac.cert}, key: ${qwac.key} }`,
      '  qseal: { key: ./qseal-key.pem, cert: ./qseal.pem, keyId: PSDFR-ACPR-12345 }',
      '  redirectUri: https://localhost:8444/callback',
      '',
    ].join('\n'),
  );
  return path;
}

beforeAll(async () => {
  const certs = await cli('certs', '--out', dir);
  expect(certs.code).toBe(0);
}, 120_000);

describe('stet-harness target check', () => {
  it('lists what the example target still needs filled in, and exits 1', async () => {
    const run = await cli('target', 'check', 'targets/example-institution.yaml');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("is the example's host");
    expect(run.stdout).toMatch(
      /to fill {2}targets\/example-institution\.yaml:\d+:\d+: put the TPP’s QWAC certificate \(PEM\) at .*targets\/certs\/qwac\.pem/,
    );
    expect(run.stdout).toContain('still to fill in before a run (exit 1)');
  });

  it('finds a target over generated certificates ready to run, and exits 0', async () => {
    const run = await cli(
      'target',
      'check',
      targetFile('valid', { cert: './qwac.pem', key: './qwac-key.pem' }),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ready to run (5 PEM files checked)');
  });

  it('refuses a truncated certificate file with a coded error naming the file', async () => {
    const pem = readFileSync(join(dir, 'qwac.pem'), 'utf8');
    writeFileSync(join(dir, 'truncated.pem'), pem.slice(0, pem.length / 2));
    const run = await cli(
      'target',
      'check',
      targetFile('broken', { cert: './truncated.pem', key: './qwac-key.pem' }),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error ERR_TARGET_INVALID');
    expect(run.stderr).toContain(`${join(dir, 'truncated.pem')} is not a PEM certificate`);
    expect(run.stderr).not.toContain('internal error');
  });

  it('refuses a certificate given with another certificate’s private key', async () => {
    copyFileSync(join(dir, 'qseal-key.pem'), join(dir, 'other-key.pem'));
    const run = await cli(
      'target',
      'check',
      targetFile('mismatch', { cert: './qwac.pem', key: './other-key.pem' }),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `${join(dir, 'other-key.pem')} is not the private key of ${join(dir, 'qwac.pem')}`,
    );
  });

  it('refuses an expired certificate, naming the file and the day it expired', async () => {
    const day = 86_400_000;
    const expired = await issueTlsCertificate({
      commonName: 'qwac.tpp.example',
      validity: { notBefore: new Date(Date.now() - 30 * day), notAfter: new Date(Date.now() - day) },
    });
    writeFileSync(join(dir, 'expired.pem'), expired.cert);
    writeFileSync(join(dir, 'expired-key.pem'), expired.key);
    const run = await cli(
      'target',
      'check',
      targetFile('expired', { cert: './expired.pem', key: './expired-key.pem' }),
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(`${join(dir, 'expired.pem')} \\(CN=qwac\\.tpp\\.example\\) expired on `),
    );
  });
});
