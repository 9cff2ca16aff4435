/**
 * The `embedded` store: PGlite (PostgreSQL compiled to WebAssembly) in a directory, fronted by the
 * in-memory {@link CachedStore}. Needs no server; one process at a time per directory.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { CachedStore, type StoreChange, type StorePersistence } from './cached-store.ts';
import { lockDataDir, type DataDirLock } from './data-dir-lock.ts';
import { createPglite } from './pglite-template.ts';
import { createTableSql, tableName } from './schema.ts';
import { StoreError, type Store } from './store.ts';

/**
 * Opens (creating if needed) the store in `dir`, loading its whole content into memory. A new store
 * starts from the PGlite template in `templateDir` when there is one (pglite-template.ts).
 *
 * PGlite's files go in `dir/pglite`, so other files may live beside them in `dir`; `dir/lock` names
 * the process holding the store (data-dir-lock.ts). Throws {@link StoreError} `ERR_STORE_LOCKED` when
 * another running process holds it, `ERR_STORE_OPEN_FAILED` (with the cause in the message) when the
 * directory cannot be used.
 */
export async function openEmbeddedStore(dir: string, templateDir?: string): Promise<Store> {
  let db: PGlite;
  let lock: DataDirLock | undefined;
  try {
    const dataDir = join(dir, 'pglite');
    await mkdir(dataDir, { recursive: true });
    lock = await lockDataDir(dir);
    ({ db } = await createPglite(dataDir, templateDir));
    await db.exec(createTableSql);
  } catch (cause) {
    await lock?.release();
    if (cause instanceof StoreError) throw cause;
    throw new StoreError(
      'ERR_STORE_OPEN_FAILED',
      `cannot open the embedded store in ${dir}: ${causeText(cause)}`,
      { cause, hint: 'use a writable directory that no other running instance uses' },
    );
  }
  const rows = await db.query(`SELECT collection, key, value FROM ${tableName}`);
  const initial: StoreChange[] = rows.rows.map(rowToChange);
  return new CachedStore(new PgliteWriter(db, lock), initial);
}

/** The message of an error, with its code when it has one (`ENOTDIR: …`). */
function causeText(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  return cause.message === '' ? cause.name : cause.message;
}

class PgliteWriter implements StorePersistence {
  readonly #db: PGlite;
  readonly #lock: DataDirLock;

  constructor(db: PGlite, lock: DataDirLock) {
    this.#db = db;
    this.#lock = lock;
  }

  async write(changes: readonly StoreChange[]): Promise<void> {
    const [only, ...rest] = changes;
    // One statement is atomic on its own; skipping BEGIN/COMMIT halves the cost of a single write.
    if (only !== undefined && rest.length === 0) {
      await apply(this.#db, only);
      return;
    }
    await this.#db.transaction(async (tx) => {
      for (const change of changes) await apply(tx, change);
    });
  }

  async close(): Promise<void> {
    try {
      await this.#db.close();
    } finally {
      await this.#lock.release();
    }
  }
}

async function apply(db: Pick<PGlite, 'query'>, { collection, key, text }: StoreChange): Promise<void> {
  if (text === undefined) {
    await db.query(`DELETE FROM ${tableName} WHERE collection = $1 AND key = $2`, [collection, key]);
  } else {
    await db.query(
      `INSERT INTO ${tableName} (collection, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (collection, key) DO UPDATE SET value = EXCLUDED.value`,
      [collection, key, text],
    );
  }
}

function rowToChange(row: unknown): StoreChange {
  if (typeof row === 'object' && row !== null && 'collection' in row && 'key' in row && 'value' in row) {
    const { collection, key, value } = row;
    if (typeof collection === 'string' && typeof key === 'string' && typeof value === 'string') {
      return { collection, key, text: value };
    }
  }
  throw new StoreError('ERR_STORE_VALUE_INVALID', 'unexpected row shape in the embedded store', {
    hint: 'the data directory was written by something else; start from a fresh one',
  });
}
