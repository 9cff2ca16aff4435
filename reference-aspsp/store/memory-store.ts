import { CachedStore } from './cached-store.ts';
import type { Store } from './store.ts';

/** Opens an empty store held in memory only: for tests and throw-away runs. */
export function openMemoryStore(): Store {
  return new CachedStore();
}
