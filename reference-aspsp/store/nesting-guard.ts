import { AsyncLocalStorage } from 'node:async_hooks';
import { StoreError } from './store.ts';

/**
 * Detects a store used directly inside one of its own transactions, which would deadlock (writes wait
 * for the lock the transaction holds) or read around the transaction's own changes.
 *
 * The detection needs AsyncLocalStorage, which on Node 20 installs promise hooks that slow every
 * promise of the process: measured on the reference, it more than doubled the CPU time of a request.
 * So it is a development check, on when `STET_STORE_NESTING_CHECK=1` (the test suite sets it, so
 * every store-using test runs with it) and off in `serve` and `run`.
 */
export interface NestingGuard {
  /** Runs a transaction's body, marking it as inside. */
  inside<R>(fn: () => Promise<R>): Promise<R>;
  /** Throws `ERR_STORE_NESTED` when called from inside a transaction's body. */
  check(): void;
}

/** Whether the environment asks for the check (see {@link NestingGuard}). */
export function nestingCheckWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  return env['STET_STORE_NESTING_CHECK'] === '1';
}

export function nestingGuard(enabled: boolean = nestingCheckWanted()): NestingGuard {
  if (!enabled) return { inside: (fn) => fn(), check: () => undefined };
  const storage = new AsyncLocalStorage<{ active: boolean }>();
  return {
    async inside(fn) {
      const marker = { active: true };
      try {
        return await storage.run(marker, fn);
      } finally {
        marker.active = false;
      }
    },
    check() {
      if (storage.getStore()?.active === true) {
        throw new StoreError(
          'ERR_STORE_NESTED',
          'the store was used directly inside one of its transactions',
          {
            hint: 'inside store.transaction(fn), use the tx argument for every operation',
          },
        );
      }
    },
  };
}
