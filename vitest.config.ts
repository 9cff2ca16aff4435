import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/property/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Provides `databaseUrl` (DATABASE_URL, or a throw-away cluster when storage tests run).
    globalSetup: ['test/setup/postgres.ts'],
  },
});
