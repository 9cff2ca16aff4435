import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/property/**/*.test.ts',
      'test/reliability/**/*.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The stores' development check for misuse inside a transaction (store/nesting-guard.ts).
    env: { STET_STORE_NESTING_CHECK: '1' },
    // Provides `databaseUrl` (DATABASE_URL, or a throw-away cluster when storage tests run).
    globalSetup: ['test/setup/postgres.ts'],
  },
});
