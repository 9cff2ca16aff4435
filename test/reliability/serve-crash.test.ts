import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isRecord } from '../../reference-aspsp/lib/is-record.ts';
import { SandboxClient, spawnServe, startLine, type ServeProcess } from './serve-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'stet-crash-'));
const running: ServeProcess[] = [];

afterAll(() => {
  for (const serve of running) serve.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function serveEmbedded(): ServeProcess {
  const serve = spawnServe(['--store', 'embedded', '--data', dir]);
  running.push(serve);
  return serve;
}

describe('kill -9 of serve --store embedded during writes', () => {
  it('loses nothing it acknowledged: every PSU answered 201 before the kill is there after a restart', async () => {
    const first = serveEmbedded();
    const client = new SandboxClient(await startLine(first));
    expect(first.stderr()).toContain('starting with an empty one');
    // The process killed below is the one holding the store, not a wrapper around it.
    const holder = JSON.parse(readFileSync(join(dir, 'store', 'lock'), 'utf8')) as { pid: number };
    expect(holder.pid).toBe(first.child.pid);
    const acknowledged: string[] = [];
    let killed = false;
    // Eight writers clone PSUs until the process dies; each 201 is an acknowledged write.
    const writer = async (): Promise<void> => {
      while (!killed) {
        try {
          const answer = await client.post('/psus', { persona: 'alice' });
          const psuId = isRecord(answer.json) ? answer.json.psuId : undefined;
          if (answer.status === 201 && typeof psuId === 'string') acknowledged.push(psuId);
        } catch {
          return; // the connection died with the process
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.length < 60) await new Promise((done) => setTimeout(done, 20));
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await Promise.all(writers);
    await client.close();

    const second = serveEmbedded();
    const again = new SandboxClient(await startLine(second));
    try {
      expect(second.stderr()).not.toContain('starting with an empty one');
      const missing: string[] = [];
      for (const psuId of acknowledged) {
        const answer = await again.post(`/psus/${psuId}/clock`, { travel: 'PT0S' });
        if (answer.status !== 200) missing.push(`${psuId}: ${answer.status}`);
      }
      expect(missing).toEqual([]);
    } finally {
      await again.close();
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 180_000);
});
