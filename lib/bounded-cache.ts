/**
 * A memo table of limited size for values that are pure functions of their key (parsed keys, generated
 * data). When full, the oldest entry is dropped: the tables are small and their hits come in bursts
 * (one case, one connection), so insertion order is as good as recency here.
 */
export class BoundedCache<K, V extends NonNullable<unknown>> {
  readonly #entries = new Map<K, V>();
  readonly #limit: number;

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`cache limit ${limit} is not a positive integer`);
    this.#limit = limit;
  }

  /** The value of `key`, created by `create` (and kept) on a miss. */
  getOrCreate(key: K, create: (key: K) => V): V {
    const hit = this.#entries.get(key);
    if (hit !== undefined) return hit;
    const value = create(key);
    if (this.#entries.size >= this.#limit) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, value);
    return value;
  }

  /** Forgets every entry. */
  clear(): void {
    this.#entries.clear();
  }

  /** Number of entries kept. */
  get size(): number {
    return this.#entries.size;
  }
}
