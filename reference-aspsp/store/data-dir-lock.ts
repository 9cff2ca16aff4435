/**
 * The exclusive lock of an embedded data directory: two processes writing one PGlite directory lose
 * each other's acknowledged writes (each keeps its own cache) and once left it unopenable.
 */
import { open, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { isRecord } from '../lib/is-record.ts';
import { StoreError } from './store.ts';

/** Name of the lock file inside the data directory. */
export const lockFileName = 'lock';

/** What the lock file holds: who owns the directory. */
export interface LockOwner {
  readonly pid: number;
  readonly hostname: string;
  readonly startedAt: string;
}

/** A held lock; `release` removes the file if it is still ours. */
export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

/**
 * Takes the lock of `dir` (which must exist): creates `dir/lock` exclusively with this process's pid.
 * A lock whose process no longer runs on this host (or that cannot be read) is stale and taken over;
 * a live one throws {@link StoreError} `ERR_STORE_LOCKED` naming the other process.
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const file = join(dir, lockFileName);
  const owner: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${JSON.stringify(owner)}\n`);
      await handle.close();
      return { file, release: () => release(file) };
    } catch (error) {
      if (!isErrno(error, 'EEXIST')) throw error;
    }
    const holder = await readOwner(file);
    if (holder !== undefined && holderRuns(holder)) {
      const who = holder.pid === process.pid ? 'this process' : 'another process';
      throw new StoreError(
        'ERR_STORE_LOCKED',
        `the data directory ${dir} is in use by ${who} (pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt})`,
        { hint: `stop that process, or use another --data directory; a stale lock is ${file}` },
      );
    }
    // Stale: its process is gone. Removing then re-creating with `wx` leaves one winner if two race.
    await unlink(file).catch((error: unknown) => {
      if (!isErrno(error, 'ENOENT')) throw error;
    });
  }
  throw new StoreError('ERR_STORE_LOCKED', `could not take the lock ${file}`, {
    hint: 'another process keeps taking it; stop the other instances using this directory',
  });
}

async function readOwner(file: string): Promise<LockOwner | undefined> {
  try {
    const value: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (!isRecord(value) || typeof value.pid !== 'number' || !Number.isInteger(value.pid)) return undefined;
    return {
      pid: value.pid,
      hostname: typeof value.hostname === 'string' ? value.hostname : hostname(),
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : 'an unknown time',
    };
  } catch {
    return undefined;
  }
}

/**
 * Whether the lock's process still runs. A lock from another host cannot be checked and is kept
 * (a shared network directory); a pid on this host is probed with signal 0.
 */
function holderRuns(holder: LockOwner): boolean {
  if (holder.hostname !== hostname()) return true;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return isErrno(error, 'EPERM');
  }
}

async function release(file: string): Promise<void> {
  const holder = await readOwner(file);
  if (holder?.pid === process.pid) await unlink(file).catch(() => undefined);
}

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
