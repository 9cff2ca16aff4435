/**
 * Fresh PGlite data directories started from a template instead of PGlite's initdb.
 *
 * initdb runs as WebAssembly and takes about 5 s on a 2-core machine; loading a dump of a freshly
 * initialised cluster takes about 1 s. The first new store on a machine runs initdb and dumps the
 * result into the template directory (default `node_modules/.cache/stet-harness/`, so a reinstall of
 * the dependencies drops it); every later new store loads that dump. The template is named after the
 * PGlite version, since a data directory is tied to the PostgreSQL build that wrote it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { isRecord } from '../lib/is-record.ts';

/** Where templates are kept unless told otherwise: the project's `node_modules/.cache`. */
export const defaultTemplateDir = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'node_modules',
  '.cache',
  'stet-harness',
);

/** How {@link createPglite} started the database, for logs and tests. */
export type PgliteStart = 'existing' | 'template' | 'initdb';

/**
 * Opens the PGlite database in `dataDir`: as it is when it holds one, else from the template, else by
 * initdb (then writing the template). A template that cannot be read or loaded is ignored and
 * replaced; failing to write one never fails the start.
 */
export async function createPglite(
  dataDir: string,
  templateDir: string = defaultTemplateDir,
): Promise<{ db: PGlite; start: PgliteStart }> {
  if (await holdsCluster(dataDir)) return { db: await PGlite.create(dataDir), start: 'existing' };
  const template = join(templateDir, `pglite-${pgliteVersion()}.tar`);
  const dump = await readFile(template).catch(() => undefined);
  if (dump !== undefined) {
    try {
      const db = await PGlite.create(dataDir, { loadDataDir: new Blob([dump]) });
      await db.query('SELECT 1');
      return { db, start: 'template' };
    } catch {
      // A truncated or foreign file: start over with initdb, which rewrites it.
      await emptyDirectory(dataDir);
    }
  }
  const db = await PGlite.create(dataDir);
  await writeTemplate(db, template).catch(() => undefined);
  return { db, start: 'initdb' };
}

/** Whether `dir` already holds a PostgreSQL cluster (initdb writes `PG_VERSION` first). */
async function holdsCluster(dir: string): Promise<boolean> {
  return access(join(dir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

/** Dumps the fresh cluster; written beside and renamed, so a reader never sees half a template. */
async function writeTemplate(db: PGlite, template: string): Promise<void> {
  const dump = await db.dumpDataDir('none');
  await mkdir(dirname(template), { recursive: true });
  const staging = `${template}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeFile(staging, Buffer.from(await dump.arrayBuffer()));
    await rename(staging, template);
  } finally {
    await rm(staging, { force: true });
  }
}

async function emptyDirectory(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  await Promise.all(names.map((name) => rm(join(dir, name), { recursive: true, force: true })));
}

let version: string | undefined;

/** The installed PGlite's version, from its package.json (its exports do not list the file). */
function pgliteVersion(): string {
  if (version !== undefined) return version;
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  version = 'unknown';
  for (let depth = 0; depth < 4; depth++, dir = dirname(dir)) {
    let manifest: unknown;
    try {
      manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    } catch {
      continue;
    }
    if (
      isRecord(manifest) &&
      manifest.name === '@electric-sql/pglite' &&
      typeof manifest.version === 'string'
    ) {
      version = manifest.version;
      break;
    }
  }
  return version;
}
