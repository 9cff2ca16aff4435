import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlCommand } from '../../../harness/report/curl.ts';
import { reproCommand } from '../../../harness/report/repro-command.ts';

const root = resolve(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const bin = join(root, 'bin/stet-harness.ts');
const dir = mkdtempSync(join(tmpdir(), 'stet-repro-'));
const targetFile = join(dir, 'target.yaml');
const script = join(dir, 'repro.sh');
// The fault and a case it fails: errors without the X-Request-ID echoed.
const fault = 'request-id-not-echoed';
const failingCase = 'error-codes/ngac-not-consented-account';

let server: ChildProcessByStdio<null, Readable, Readable> | undefined;

/** Runs a command to its end: exit code and both streams. */
function runToEnd(
  command: string,
  args: readonly string[],
  cwd: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: '1', ACCESS_TOKEN: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  const child = spawn(
    tsx,
    [bin, 'serve', '--store', 'memory', '--port', '0', '--fault', fault, '--write-target', targetFile],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  server = child;
  // The start line comes once the target file is written.
  await new Promise((done) => createInterface({ input: child.stdout }).once('line', done));
}, 120_000);

afterAll(async () => {
  const child = server;
  if (child !== undefined && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('stet-harness repro against serve --fault', () => {
  it('runs the failing case again, then writes a script that shows the failure when run as is', async () => {
    const repro = await runToEnd(
      tsx,
      [
        bin,
        'repro',
        failingCase,
        '--target',
        targetFile,
        '--version',
        'v1.6.2',
        '--institution',
        '10101',
        '--out',
        script,
      ],
      root,
    );
    expect(repro.stderr).toContain(`reproduction script written: bash ${script}`);
    expect(repro.code).toBe(1);
    expect(repro.stdout).toContain('header x-request-id is missing');
    expect(statSync(script).mode & 0o100).toBe(0o100);
    const text = readFileSync(script, 'utf8');
    // No placeholder that cannot run: every redacted value is in a comment, never in a command.
    for (const line of text.split('\n').filter((l) => !l.trimStart().startsWith('#')))
      expect(line).not.toMatch(/<redacted/);
    expect(text).toContain(`--target ${targetFile}`);

    // Run from another folder, as a bank developer would after copying it.
    const run = await runToEnd('bash', [script], tmpdir());
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${failingCase} [v1.6.2 × 10101: 1 of 1 cells]`);
    expect(run.stdout).toContain('header x-request-id is missing');
    expect(run.stdout).toContain('the target does not conform');
  }, 180_000);
});

describe('stet-harness run with a failure', () => {
  it('prints the repro command of its first failure, with the target file it was given', async () => {
    const run = await runToEnd(
      tsx,
      [
        bin,
        'run',
        '--target',
        targetFile,
        '--case',
        failingCase,
        '--version',
        'v1.6.2',
        '--institution',
        '10101',
        '--reporter',
        'console',
        '--model-runs',
        '0',
        '--out',
        join(dir, 'reports'),
      ],
      root,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `reproduce the first failure: stet-harness repro ${failingCase} --version v1.6.2 --institution 10101 --target ${targetFile} --out repro.sh`,
    );
  }, 120_000);
});

describe('the Reproduce command a report offers', () => {
  it('names the cell and its target file, with nothing to substitute', () => {
    expect(
      reproCommand({
        suite: 'error-codes',
        case: 'ngac',
        version: 'v1.6.2',
        institution: '10101',
        targetFile: 'targets/my bank.yaml',
      }),
    ).toBe(
      "stet-harness repro error-codes/ngac --version v1.6.2 --institution 10101 --target 'targets/my bank.yaml'",
    );
  });

  it('names the embedded reference’s faults when the run had no target file', () => {
    expect(
      reproCommand({ suite: 's', case: 'c', version: 'v1', institution: '20202', faults: ['pages-overlap'] }),
    ).toBe('stet-harness repro s/c --version v1 --institution 20202 --fault pages-overlap');
  });
});

describe('the curl of a recorded request', () => {
  it('reads each redacted value from an environment variable, never sending the placeholder', () => {
    const curl = curlCommand({
      method: 'POST',
      url: 'https://api-10101.bank.test/stet/psd2/oauth/token',
      headers: { authorization: 'Bearer <redacted:access_token#2>' },
      body: 'grant_type=authorization_code&code=<redacted:code#1>',
    });
    expect(curl).toContain(`-H 'authorization: Bearer '"\${ACCESS_TOKEN_2}"`);
    expect(curl).toContain(`--data-binary 'grant_type=authorization_code&code='"\${CODE_1}"`);
    expect(curl).not.toContain('<redacted');
  });
});
