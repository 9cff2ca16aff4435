/**
 * The storage interface of the reference bank (contracts §13): collections of JSON values by key,
 * atomic counters, and serialisable transactions.
 */
import { CodedError } from '../../lib/coded-error.ts';
import type { ErrorCodeWith } from '../../lib/error-codes.ts';

/** Operations available inside and outside a transaction. */
export interface StoreTx {
  /**
   * The value, deeply frozen and possibly shared with other readers (parse it at use; to change it,
   * build a changed copy and put that), or `undefined` when absent.
   */
  get(collection: string, key: string): Promise<unknown>;
  /** Stores a copy of a JSON-serialisable value (object properties set to `undefined` are dropped). */
  put(collection: string, key: string, value: unknown): Promise<void>;
  /** Removes a key; `true` when it existed. */
  delete(collection: string, key: string): Promise<boolean>;
  /** Entries whose key starts with `prefix` (all when omitted), in ascending key order (code units). */
  list(collection: string, prefix?: string): Promise<Array<{ key: string; value: unknown }>>;
  /** Atomically adds `by` (default 1) to a numeric value (absent counts as 0); returns the new value. */
  increment(collection: string, key: string, by?: number): Promise<number>;
}

/** A store: the operations of {@link StoreTx}, each atomic on its own, plus transactions. */
export interface Store extends StoreTx {
  /**
   * Runs fn atomically and isolated from every other transaction on the same data (also across
   * processes for postgres). Inside fn use `tx`, never the store itself: with
   * `STET_STORE_NESTING_CHECK=1` (tests) doing so throws `ERR_STORE_NESTED` instead of deadlocking
   * (store/nesting-guard.ts). When fn throws, nothing it wrote is kept.
   */
  transaction<R>(fn: (tx: StoreTx) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

/** Which store to open. */
export type StoreOptions =
  { kind: 'memory' } | { kind: 'embedded'; dir: string } | { kind: 'postgres'; url: string };

/** Why a store operation failed. */
export type StoreErrorCode = ErrorCodeWith<'ERR_STORE_'>;

/** Raised by every store for misuse or an unusable backend. */
export class StoreError extends CodedError<StoreErrorCode> {}
