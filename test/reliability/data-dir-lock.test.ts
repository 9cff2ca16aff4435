import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SandboxClient, spawnServe, startLine, type ServeProcess } from './serve-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'stet-lock-serve-'));
const running: ServeProcess[] = [];

afterAll(() => {
  for (const serve of running) serve.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('one serve per data directory', () => {
  it('refuses a second serve on the same --data with ERR_STORE_LOCKED naming the first, which keeps serving', async () => {
    const first = spawnServe(['--store', 'embedded', '--data', dir]);
    running.push(first);
    const client = new SandboxClient(await startLine(first));
    const holder = JSON.parse(readFileSync(join(dir, 'store', 'lock'), 'utf8')) as { pid: number };

    const second = spawnServe(['--store', 'embedded', '--data', dir]);
    running.push(second);
    expect(await second.exited).toBe(2);
    expect(second.stderr()).toContain('ERR_STORE_LOCKED');
    expect(second.stderr()).toContain(`pid ${holder.pid}`);
    expect(second.stderr()).not.toMatch(/\n\s+at /); // a coded error, no stack trace

    const answer = await client.post('/psus', { persona: 'alice' });
    expect(answer.status).toBe(201);
    await client.close();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 120_000);
});
