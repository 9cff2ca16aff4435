/**
 * A FIFO mutex for async code: one holder at a time, waiters served in arrival order.
 */
export class AsyncMutex {
  #tail: Promise<void> = Promise.resolve();

  /** Runs fn once every earlier holder has finished; the lock is released however fn ends. */
  async run<R>(fn: () => Promise<R>): Promise<R> {
    const previous = this.#tail;
    let release: () => void = () => undefined;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
