import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../reference-aspsp/store/index.ts';
import { isCodedError } from '../../../lib/coded-error.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'stet-lock-'));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

async function refusal(dir: string): Promise<unknown> {
  let second: Store | undefined;
  try {
    second = await openStore({ kind: 'embedded', dir });
    return undefined;
  } catch (error) {
    return error;
  } finally {
    await second?.close();
  }
}

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('one process per embedded data directory', () => {
  it('refuses a second opening of a directory in use with ERR_STORE_LOCKED naming the holder', async () => {
    const dir = join(root, 'held');
    const first = await openStore({ kind: 'embedded', dir });
    try {
      await first.put('c', 'k', 1);
      const error = await refusal(dir);
      expect(isCodedError(error, 'ERR_STORE_LOCKED')).toBe(true);
      expect(String((error as Error).message)).toContain(`pid ${process.pid}`);
      expect(await first.get('c', 'k')).toBe(1);
    } finally {
      await first.close();
    }
    // Closing releases the lock.
    const again = await openStore({ kind: 'embedded', dir });
    expect(await again.get('c', 'k')).toBe(1);
    await again.close();
  }, 60_000);

  it('takes over a lock left by a process that no longer runs', async () => {
    const dir = join(root, 'stale');
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'lock'), JSON.stringify({ pid: deadPid(), startedAt: '2020-01-01T00:00:00Z' }));
    const store = await openStore({ kind: 'embedded', dir });
    expect(JSON.parse(await readFile(join(dir, 'lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    await store.close();
  }, 60_000);

  it('says why a store cannot be opened, with the underlying cause in the message', async () => {
    const file = join(root, 'a-file');
    await writeFile(file, 'not a directory');
    const error = await refusal(file);
    expect(isCodedError(error, 'ERR_STORE_OPEN_FAILED')).toBe(true);
    expect(String((error as Error).message)).toMatch(/ENOTDIR|EEXIST|not a directory/i);
  });
});
