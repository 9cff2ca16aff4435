import { defineConfig } from 'vitest/config';

/**
 * The mutation-testing entry (docs/mutation.md): the conformance suites run in-process against the
 * reference, one test per case. Kept out of `vitest run` (vitest.config.ts never includes test/mutation).
 */
export default defineConfig({
  test: {
    include: ['test/mutation/**/*.mutation.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
