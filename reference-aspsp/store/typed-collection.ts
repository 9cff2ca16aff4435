/**
 * A collection whose values are parsed on read, so callers get a type, never a cast.
 */
import { StoreError, type StoreTx } from './store.ts';

/** Typed access to one collection through any {@link StoreTx} (a store or a transaction). */
export interface TypedCollection<T> {
  readonly name: string;
  get(tx: StoreTx, key: string): Promise<T | undefined>;
  put(tx: StoreTx, key: string, value: T): Promise<void>;
  delete(tx: StoreTx, key: string): Promise<boolean>;
  list(tx: StoreTx, prefix?: string): Promise<Array<{ key: string; value: T }>>;
}

/**
 * Binds a collection name to a parse function applied to every value read.
 *
 * A value `parse` rejects is reported as {@link StoreError} `ERR_STORE_VALUE_INVALID`, naming the
 * collection and key, with the parse error as cause: stored data that no longer fits its type is a
 * bug or a stale data directory, and the message says where.
 */
export function typedCollection<T>(name: string, parse: (value: unknown) => T): TypedCollection<T> {
  const read = (key: string, value: unknown): T => {
    try {
      return parse(value);
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new StoreError('ERR_STORE_VALUE_INVALID', `stored ${name}/${key} is invalid: ${reason}`, {
        cause,
        hint: 'the data was written by another version; start from a fresh data directory',
      });
    }
  };
  return {
    name,
    async get(tx, key) {
      const value = await tx.get(name, key);
      return value === undefined ? undefined : read(key, value);
    },
    put: (tx, key, value) => tx.put(name, key, value),
    delete: (tx, key) => tx.delete(name, key),
    async list(tx, prefix) {
      return (await tx.list(name, prefix)).map((entry) => ({
        key: entry.key,
        value: read(entry.key, entry.value),
      }));
    },
  };
}
