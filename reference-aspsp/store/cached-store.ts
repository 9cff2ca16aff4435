/**
 * A store whose whole content lives in memory, optionally written through to a durable backend.
 *
 * The `memory` store is this with no backend; `embedded` is this over PGlite. Reads cost no query and
 * no parse: each stored text is parsed once, on its first read, into a frozen value every reader shares.
 * Writers (transactions and single writes) are serialised by one mutex; a transaction works on an
 * overlay of its own changes, which is written to the backend and only then applied to memory, so a
 * failed transaction (or backend write) leaves nothing behind and readers only see committed data.
 */
import { AsyncMutex } from './async-mutex.ts';
import { fromJsonText, incremented, toJsonText } from './json-value.ts';
import { nestingGuard } from './nesting-guard.ts';
import { StoreError, type Store, type StoreTx } from './store.ts';

/** One committed change: the new JSON text of a key, or `undefined` for a deletion. */
export interface StoreChange {
  collection: string;
  key: string;
  text: string | undefined;
}

/** Where committed changes go before they are visible (the durable half of `embedded`). */
export interface StorePersistence {
  /** Writes the changes atomically; the transaction fails when this rejects. */
  write(changes: readonly StoreChange[]): Promise<void>;
  close(): Promise<void>;
}

/** A stored JSON text and, once read, its frozen parsed value. */
class Entry {
  readonly text: string;
  #value: unknown;
  #parsed = false;

  constructor(text: string) {
    this.text = text;
  }

  get value(): unknown {
    if (!this.#parsed) {
      this.#value = fromJsonText(this.text);
      this.#parsed = true;
    }
    return this.#value;
  }
}

type Collections = Map<string, Map<string, Entry>>;

/** The in-memory store, see the module comment. */
export class CachedStore implements Store {
  readonly #data: Collections = new Map();
  readonly #mutex = new AsyncMutex();
  readonly #nesting = nestingGuard();
  readonly #persistence: StorePersistence | undefined;
  #closed = false;

  /** `initial` is the content loaded from the backend at start-up. */
  constructor(persistence?: StorePersistence, initial: Iterable<StoreChange> = []) {
    this.#persistence = persistence;
    for (const { collection, key, text } of initial)
      if (text !== undefined) setEntry(this.#data, collection, key, new Entry(text));
  }

  async get(collection: string, key: string): Promise<unknown> {
    this.#checkUsable();
    return this.#data.get(collection)?.get(key)?.value;
  }

  async list(collection: string, prefix?: string): Promise<Array<{ key: string; value: unknown }>> {
    this.#checkUsable();
    return listFrom(this.#data.get(collection), undefined, prefix);
  }

  async put(collection: string, key: string, value: unknown): Promise<void> {
    this.#checkUsable();
    // Serialised now, so a caller changing the object before the lock is free changes nothing.
    const text = toJsonText(value, `${collection}/${key}`);
    await this.#run(async (tx) => tx.putText(collection, key, text));
  }

  async delete(collection: string, key: string): Promise<boolean> {
    this.#checkUsable();
    return this.transaction((tx) => tx.delete(collection, key));
  }

  async increment(collection: string, key: string, by = 1): Promise<number> {
    this.#checkUsable();
    return this.transaction((tx) => tx.increment(collection, key, by));
  }

  async transaction<R>(fn: (tx: StoreTx) => Promise<R>): Promise<R> {
    this.#checkUsable();
    return this.#run(fn);
  }

  async #run<R>(fn: (tx: OverlayTx) => Promise<R>): Promise<R> {
    return this.#mutex.run(async () => {
      if (this.#closed) throw closed();
      const tx = new OverlayTx(this.#data);
      let result: R;
      try {
        result = await this.#nesting.inside(() => fn(tx));
      } finally {
        tx.end();
      }
      const changes = tx.changes();
      if (changes.length > 0) {
        await this.#persistence?.write(
          changes.map(({ collection, key, entry }) => ({ collection, key, text: entry?.text })),
        );
        for (const c of changes) {
          if (c.entry === undefined) this.#data.get(c.collection)?.delete(c.key);
          else setEntry(this.#data, c.collection, c.key, c.entry);
        }
      }
      return result;
    });
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    // Let running and queued transactions finish before the backend goes away.
    await this.#mutex.run(async () => {
      this.#closed = true;
    });
    await this.#persistence?.close();
  }

  #checkUsable(): void {
    if (this.#closed) throw closed();
    this.#nesting.check();
  }
}

/** A transaction's view: its own changes over the committed data. */
class OverlayTx implements StoreTx {
  readonly #base: Collections;
  /** collection → key → new entry, `undefined` meaning deleted. */
  readonly #overlay = new Map<string, Map<string, Entry | undefined>>();
  #ended = false;

  constructor(base: Collections) {
    this.#base = base;
  }

  async get(collection: string, key: string): Promise<unknown> {
    return this.#entry(collection, key)?.value;
  }

  async put(collection: string, key: string, value: unknown): Promise<void> {
    this.#set(collection, key, new Entry(toJsonText(value, `${collection}/${key}`)));
  }

  /** Stores already-serialised JSON text. */
  async putText(collection: string, key: string, text: string): Promise<void> {
    this.#set(collection, key, new Entry(text));
  }

  async delete(collection: string, key: string): Promise<boolean> {
    const existed = this.#entry(collection, key) !== undefined;
    this.#set(collection, key, undefined);
    return existed;
  }

  async list(collection: string, prefix?: string): Promise<Array<{ key: string; value: unknown }>> {
    this.#checkOpen();
    return listFrom(this.#base.get(collection), this.#overlay.get(collection), prefix);
  }

  async increment(collection: string, key: string, by = 1): Promise<number> {
    const next = incremented(this.#entry(collection, key)?.text, by, `${collection}/${key}`);
    this.#set(collection, key, new Entry(JSON.stringify(next)));
    return next;
  }

  /** Marks the transaction over: later use is a bug in the caller (an un-awaited operation). */
  end(): void {
    this.#ended = true;
  }

  /** The transaction's changes: an entry per key written, `undefined` for a deletion. */
  changes(): Array<{ collection: string; key: string; entry: Entry | undefined }> {
    const out: Array<{ collection: string; key: string; entry: Entry | undefined }> = [];
    for (const [collection, keys] of this.#overlay) {
      for (const [key, entry] of keys) out.push({ collection, key, entry });
    }
    return out;
  }

  #entry(collection: string, key: string): Entry | undefined {
    this.#checkOpen();
    const overlay = this.#overlay.get(collection);
    if (overlay?.has(key) === true) return overlay.get(key);
    return this.#base.get(collection)?.get(key);
  }

  #set(collection: string, key: string, entry: Entry | undefined): void {
    this.#checkOpen();
    let keys = this.#overlay.get(collection);
    if (keys === undefined) {
      keys = new Map();
      this.#overlay.set(collection, keys);
    }
    keys.set(key, entry);
  }

  #checkOpen(): void {
    if (this.#ended) {
      throw new StoreError('ERR_STORE_CLOSED', 'the transaction is over', {
        hint: 'await every tx operation inside the transaction function',
      });
    }
  }
}

function setEntry(data: Collections, collection: string, key: string, entry: Entry): void {
  let keys = data.get(collection);
  if (keys === undefined) {
    keys = new Map();
    data.set(collection, keys);
  }
  keys.set(key, entry);
}

function listFrom(
  base: Map<string, Entry> | undefined,
  overlay: Map<string, Entry | undefined> | undefined,
  prefix = '',
): Array<{ key: string; value: unknown }> {
  const merged = new Map<string, Entry>();
  for (const [key, entry] of base ?? []) if (key.startsWith(prefix)) merged.set(key, entry);
  for (const [key, entry] of overlay ?? []) {
    if (!key.startsWith(prefix)) continue;
    if (entry === undefined) merged.delete(key);
    else merged.set(key, entry);
  }
  return [...merged]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, entry]) => ({ key, value: entry.value }));
}

function closed(): StoreError {
  return new StoreError('ERR_STORE_CLOSED', 'the store is closed', { hint: 'open the store again' });
}
