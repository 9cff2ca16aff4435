/**
 * Serialises work per key: cases of one persona at one institution run one after the other when the
 * target cannot clone PSUs (quotas and consents are per PSU), while other keys run concurrently.
 */
export class KeyedLock {
  readonly #tails = new Map<string, Promise<void>>();

  /** Runs `fn` after every earlier `run` with the same key has settled; no key means no waiting. */
  async run<T>(key: string | undefined, fn: () => Promise<T>): Promise<T> {
    if (key === undefined) return fn();
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release: () => void = () => undefined;
    const tail = new Promise<void>((resolve) => (release = resolve));
    const chained = previous.then(() => tail);
    this.#tails.set(key, chained);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (this.#tails.get(key) === chained) this.#tails.delete(key);
    }
  }
}
