/**
 * Opens a store of the kind asked for.
 */
import { openEmbeddedStore } from './embedded-store.ts';
import { openMemoryStore } from './memory-store.ts';
import { openPostgresStore } from './postgres-store.ts';
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
    case 'embedded':
      return openEmbeddedStore(options.dir);
    case 'postgres':
      return openPostgresStore(options.url);
  }
}
