/**
 * Opens a store of the kind asked for.
 */
import { openMemoryStore } from './memory-store.ts';
import type { Store, StoreOptions } from './store.ts';

/**
 * `memory`: empty, in this process only. `embedded`: PGlite in `dir` (created if needed) with the
 * whole content cached in memory; one process at a time. `postgres`: a shared PostgreSQL database,
 * no cache, transactions serialised across processes.
 */
export async function openStore(options: StoreOptions): Promise<Store> {
  switch (options.kind) {
    case 'memory':
      return openMemoryStore();
    // PGlite and pg are loaded only by the stores that use them: a memory store starts faster.
    case 'embedded':
      return (await import('./embedded-store.ts')).openEmbeddedStore(options.dir);
    case 'postgres':
      return (await import('./postgres-store.ts')).openPostgresStore(options.url);
  }
}
