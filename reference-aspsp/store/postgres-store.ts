/**
 * The `postgres` store: a shared PostgreSQL database, so several reference instances share state.
 *
 * No cache, since other instances write too. Every transaction (single writes included) holds one
 * transaction-level advisory lock, which serialises writers across every process using the
 * database: simple, and enough for a reference bank's load.
 */
import pg from 'pg';
import { fromJsonText, incremented, toJsonText } from './json-value.ts';
import { nestingGuard } from './nesting-guard.ts';
import { createTableSql, tableName } from './schema.ts';
import { StoreError, type Store, type StoreTx } from './store.ts';

/** Key of the advisory lock (an arbitrary constant: "STETSTOR" in ASCII). */
const lockKey = '6004244741785014098';

type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * Connects to `url`, creates the table when absent, and returns the store. Throws
 * {@link StoreError} `ERR_STORE_OPEN_FAILED` when the database cannot be reached or used.
 */
export async function openPostgresStore(url: string): Promise<Store> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  try {
    await withLockedTransaction(pool, (client) => client.query(createTableSql));
  } catch (cause) {
    await pool.end().catch(() => undefined);
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new StoreError('ERR_STORE_OPEN_FAILED', `cannot open the PostgreSQL store: ${reason}`, {
      cause,
      hint: 'check the postgres:// URL, that the server runs, and that the role may create a table',
    });
  }
  return new PostgresStore(pool);
}

async function withLockedTransaction<R>(
  pool: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<R>,
): Promise<R> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [lockKey]);
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    }
  } finally {
    // A client whose rollback failed is in an unknown state: destroy it rather than reuse it.
    client.release(broken);
  }
}

class PostgresStore implements Store {
  readonly #pool: pg.Pool;
  readonly #nesting = nestingGuard();
  #closed = false;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async get(collection: string, key: string): Promise<unknown> {
    this.#checkUsable();
    return new PostgresTx(this.#pool).get(collection, key);
  }

  async list(collection: string, prefix?: string): Promise<Array<{ key: string; value: unknown }>> {
    this.#checkUsable();
    return new PostgresTx(this.#pool).list(collection, prefix);
  }

  async put(collection: string, key: string, value: unknown): Promise<void> {
    this.#checkUsable();
    const text = toJsonText(value, `${collection}/${key}`);
    await withLockedTransaction(this.#pool, (client) =>
      new PostgresTx(client).putText(collection, key, text),
    );
  }

  async delete(collection: string, key: string): Promise<boolean> {
    return this.transaction((tx) => tx.delete(collection, key));
  }

  async increment(collection: string, key: string, by = 1): Promise<number> {
    return this.transaction((tx) => tx.increment(collection, key, by));
  }

  async transaction<R>(fn: (tx: StoreTx) => Promise<R>): Promise<R> {
    this.#checkUsable();
    return withLockedTransaction(this.#pool, async (client) => {
      const tx = new PostgresTx(client);
      try {
        return await this.#nesting.inside(() => fn(tx));
      } finally {
        tx.end();
      }
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.end();
  }

  #checkUsable(): void {
    if (this.#closed)
      throw new StoreError('ERR_STORE_CLOSED', 'the store is closed', { hint: 'open the store again' });
    this.#nesting.check();
  }
}

/** Operations on one connection (inside a transaction) or on the pool (single reads). */
class PostgresTx implements StoreTx {
  readonly #db: Queryable;
  #ended = false;

  constructor(db: Queryable) {
    this.#db = db;
  }

  async get(collection: string, key: string): Promise<unknown> {
    const text = await this.#text(collection, key);
    return text === undefined ? undefined : fromJsonText(text);
  }

  async put(collection: string, key: string, value: unknown): Promise<void> {
    await this.#upsert(collection, key, toJsonText(value, `${collection}/${key}`));
  }

  /** Stores already-serialised JSON text. */
  async putText(collection: string, key: string, text: string): Promise<void> {
    await this.#upsert(collection, key, text);
  }

  async delete(collection: string, key: string): Promise<boolean> {
    this.#checkOpen();
    const result = await this.#db.query(`DELETE FROM ${tableName} WHERE collection = $1 AND key = $2`, [
      collection,
      key,
    ]);
    return (result.rowCount ?? 0) > 0;
  }

  async list(collection: string, prefix = ''): Promise<Array<{ key: string; value: unknown }>> {
    this.#checkOpen();
    // LIKE with an escaped prefix uses the primary key index under the "C" collation.
    const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const result = await this.#db.query(
      `SELECT key, value FROM ${tableName} WHERE collection = $1 AND key LIKE $2 ORDER BY key`,
      [collection, pattern],
    );
    return result.rows.map((row: unknown) => {
      const { key, text } = readRow(row);
      return { key, value: fromJsonText(text) };
    });
  }

  async increment(collection: string, key: string, by = 1): Promise<number> {
    const next = incremented(await this.#text(collection, key), by, `${collection}/${key}`);
    await this.#upsert(collection, key, JSON.stringify(next));
    return next;
  }

  end(): void {
    this.#ended = true;
  }

  async #text(collection: string, key: string): Promise<string | undefined> {
    this.#checkOpen();
    const result = await this.#db.query(
      `SELECT key, value FROM ${tableName} WHERE collection = $1 AND key = $2`,
      [collection, key],
    );
    const row: unknown = result.rows[0];
    return row === undefined ? undefined : readRow(row).text;
  }

  async #upsert(collection: string, key: string, text: string): Promise<void> {
    this.#checkOpen();
    await this.#db.query(
      `INSERT INTO ${tableName} (collection, key, value) VALUES ($1, $2, $3)
       ON CONFLICT (collection, key) DO UPDATE SET value = EXCLUDED.value`,
      [collection, key, text],
    );
  }

  #checkOpen(): void {
    if (this.#ended) {
      throw new StoreError('ERR_STORE_CLOSED', 'the transaction is over', {
        hint: 'await every tx operation inside the transaction function',
      });
    }
  }
}

function readRow(row: unknown): { key: string; text: string } {
  if (typeof row === 'object' && row !== null && 'key' in row && 'value' in row) {
    const { key, value } = row;
    if (typeof key === 'string' && typeof value === 'string') return { key, text: value };
  }
  throw new StoreError('ERR_STORE_VALUE_INVALID', `unexpected row shape in ${tableName}`, {
    hint: 'the table was written by something else; use a fresh database',
  });
}
