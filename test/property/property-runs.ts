/**
 * Shared fast-check parameters of the property tests: fewer runs locally than in CI (env `CI`), and a
 * failing run replayed with `FC_SEED=<seed> FC_PATH=<path>` (fast-check prints both on failure).
 */
import type { Parameters } from 'fast-check';

/** Runs per property: `local` on a developer machine, `ci` when `CI` is set. */
export function propertyRuns<T>(local = 100, ci = 1000): Parameters<T> {
  const seed = process.env.FC_SEED;
  const path = process.env.FC_PATH;
  return {
    numRuns: process.env.CI === undefined || process.env.CI === '' ? local : ci,
    // On failure fast-check reports the seed, the path and the shrunk counterexample.
    verbose: 1,
    ...(seed === undefined || seed === '' ? {} : { seed: Number(seed) }),
    ...(path === undefined || path === '' ? {} : { path }),
  };
}
