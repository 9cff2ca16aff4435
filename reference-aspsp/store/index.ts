/**
 * Storage of the reference bank (contracts §13): memory, embedded (PGlite) and PostgreSQL behind one
 * interface.
 */
export { StoreError, type Store, type StoreErrorCode, type StoreOptions, type StoreTx } from './store.ts';
export { openStore } from './open-store.ts';
export { typedCollection, type TypedCollection } from './typed-collection.ts';
export { storedGuard, storedShape } from './stored-shape.ts';
