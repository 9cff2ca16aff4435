/**
 * docs/reference-bank.md's certificates walk-through, run as the page writes it in a scratch folder:
 * the first `certs` line makes a CA, a server certificate and a TPP's QWAC and QSEAL, the second issues
 * another TPP under that CA. The commands are read from the page.
 */
import { spawn } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { root, shellLines } from './doc-shell.ts';

const page = readFileSync(join(root, 'docs', 'reference-bank.md'), 'utf8');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const bin = join(root, 'bin', 'stet-harness.ts');
let scratch = '';

afterAll(async () => {
  if (scratch !== '') await rm(scratch, { recursive: true, force: true });
});

function run(cwd: string, args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', tsx, bin, ...args], { cwd, stdio: 'ignore' });
    child.once('exit', resolve);
  });
}

describe('docs/reference-bank.md, test certificates', () => {
  it('reaches its end: a CA with a TPP, then a second TPP issued under the same CA', async () => {
    scratch = await mkdtemp(join(tmpdir(), 'reference-bank-certs-'));
    const lines = shellLines(page).filter((line) => line.startsWith('npx stet-harness certs '));
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(await run(scratch, line.split(/\s+/).slice(2))).toBe(0);
    const pem = (path: string): X509Certificate => new X509Certificate(readFileSync(join(scratch, path)));
    const ca = pem('certs/ca.pem');
    for (const file of [
      'certs/ca-key.pem',
      'certs/server.pem',
      'certs/qwac-key.pem',
      'certs/aisp/qseal-key.pem',
    ])
      expect(existsSync(join(scratch, file))).toBe(true);
    expect(pem('certs/qwac.pem').verify(ca.publicKey)).toBe(true);
    expect(pem('certs/aisp/qwac.pem').verify(ca.publicKey)).toBe(true);
    expect(pem('certs/aisp/qseal.pem').subject).toContain('PSDFR-ACPR-23456');
    // --server-names none: the second TPP gets no server certificate.
    expect(existsSync(join(scratch, 'certs/aisp/server.pem'))).toBe(false);
  }, 120_000);
});
