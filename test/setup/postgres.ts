/**
 * Vitest global setup: provides `databaseUrl` to the storage contract tests.
 *
 * DATABASE_URL wins when set. Otherwise a throw-away cluster is started, but only when the run
 * includes a test under test/integration/store/, so runs of other areas do not pay for initdb.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const fromEnv = process.env['DATABASE_URL'];
  if (fromEnv !== undefined && fromEnv !== '') {
    project.provide('databaseUrl', fromEnv);
    return undefined;
  }
  const { testFiles } = await project.globTestFiles(project.config.filters);
  if (!testFiles.some((file) => file.replaceAll('\\', '/').includes('/test/integration/store/')))
    return undefined;
  const cluster = await startPostgresCluster();
  project.provide('databaseUrl', cluster.url);
  return () => cluster.stop();
}
