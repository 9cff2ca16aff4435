/**
 * The signatures accepted recently, to refuse one sent again (an institution's `signatureFreshness`
 * with `replayCache`). In this process only: instances sharing a PostgreSQL store each keep their own,
 * so a replay to another instance is caught by the date window alone.
 */
export class SignatureReplayCache {
  readonly #expiries = new Map<string, number>();
  readonly #maxEntries: number;

  constructor(maxEntries = 100_000) {
    this.#maxEntries = maxEntries;
  }

  /**
   * Records `key` until `expiresAt` (ms) and returns true, or returns false when it is already there
   * and not expired (a replay).
   */
  remember(key: string, now: number, expiresAt: number): boolean {
    const known = this.#expiries.get(key);
    if (known !== undefined && known > now) return false;
    if (this.#expiries.size >= this.#maxEntries) this.#sweep(now);
    this.#expiries.set(key, expiresAt);
    return true;
  }

  /** Drops expired entries; if all are live, the oldest half (the window bounds how long they matter). */
  #sweep(now: number): void {
    for (const [key, expiry] of this.#expiries) if (expiry <= now) this.#expiries.delete(key);
    if (this.#expiries.size < this.#maxEntries) return;
    let drop = Math.floor(this.#maxEntries / 2);
    for (const key of this.#expiries.keys()) {
      if (drop-- <= 0) break;
      this.#expiries.delete(key);
    }
  }
}
