import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';

const bin = resolve(import.meta.dirname, '../../../bin/stet-harness.ts');
const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

function serve(args: string[]) {
  return spawn(tsx, [bin, 'serve', '--store', 'memory', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('stet-harness serve', () => {
  it('prints the JSON start line first and exits 0 on SIGTERM', async () => {
    const child = serve([]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const lines = createInterface({ input: child.stdout });
    const [first]: unknown[] = await once(lines, 'line');
    const info: unknown = JSON.parse(String(first));
    expect(isRecord(info) && typeof info.url === 'string' && info.url.startsWith('https://127.0.0.1:')).toBe(
      true,
    );
    expect(info).toMatchObject({
      institutions: expect.arrayContaining([
        expect.objectContaining({ code: '10101', host: 'api-10101.psd2.groupbank.example' }),
      ]),
      tpp: expect.objectContaining({
        clientId: 'PSDFR-ACPR-12345',
        redirectUri: 'https://tpp.example/callback',
      }),
      tpps: expect.objectContaining({
        aispOnly: expect.anything(),
        unenrolled: expect.anything(),
        foreignCa: expect.anything(),
      }),
    });
    child.kill('SIGTERM');
    const [code]: unknown[] = await once(child, 'exit');
    expect(code, stderr).toBe(0);
  }, 60_000);

  it('exits 2 for an unknown fault name', async () => {
    const child = serve(['--fault', 'no-such-fault']);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code]: unknown[] = await once(child, 'exit');
    expect(code).toBe(2);
    expect(stderr).toContain('ERR_FAULT_UNKNOWN');
  }, 60_000);
});
