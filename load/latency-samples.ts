/** Latencies of many requests, kept whole (8 bytes each) so percentiles are exact. */
export class LatencySamples {
  #values = new Float64Array(1024);
  #length = 0;
  #sum = 0;

  /** Adds one latency in milliseconds. */
  add(ms: number): void {
    if (this.#length === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#length] = ms;
    this.#length += 1;
    this.#sum += ms;
  }

  /** Calls `fn` with every latency, in the order added. */
  forEach(fn: (ms: number) => void): void {
    for (let i = 0; i < this.#length; i += 1) fn(this.#values[i] ?? 0);
  }

  get count(): number {
    return this.#length;
  }

  /** p50, p90, p95, p99, max and mean (nearest-rank percentiles); zeros when empty. */
  summary(): LatencySummary {
    const n = this.#length;
    if (n === 0) return { p50: 0, p90: 0, p95: 0, p99: 0, max: 0, avg: 0 };
    const sorted = this.#values.slice(0, n).sort();
    const rank = (p: number): number =>
      sorted[Math.min(n - 1, Math.max(0, Math.ceil((p / 100) * n) - 1))] ?? 0;
    return {
      p50: rank(50),
      p90: rank(90),
      p95: rank(95),
      p99: rank(99),
      max: sorted[n - 1] ?? 0,
      avg: this.#sum / n,
    };
  }
}

/** Latency figures in milliseconds. */
export interface LatencySummary {
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  avg: number;
}
