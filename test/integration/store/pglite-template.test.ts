/**
 * New embedded stores start from a dump of a fresh cluster instead of PGlite's initdb
 * (reference-aspsp/store/pglite-template.ts): the first writes it, later ones load it, a broken one
 * is replaced, and a store started from it keeps what it stores.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../reference-aspsp/store/embedded-store.ts';
import { createPglite } from '../../../reference-aspsp/store/pglite-template.ts';

const root = await mkdtemp(join(tmpdir(), 'stet-pglite-template-'));
const templates = join(root, 'templates');

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const templateFiles = async (): Promise<string[]> =>
  (await readdir(templates).catch(() => [])).filter((name) => name.endsWith('.tar'));

describe('PGlite template', () => {
  it('runs initdb once, writes the template, and starts the next new cluster from it', async () => {
    const first = await createPglite(join(root, 'first'), templates);
    await first.db.close();
    expect(first.start).toBe('initdb');
    expect(await templateFiles()).toHaveLength(1);

    const second = await createPglite(join(root, 'second'), templates);
    try {
      expect(second.start).toBe('template');
      const { rows } = await second.db.query<{ n: number }>('SELECT 1 + 1 AS n');
      expect(rows).toEqual([{ n: 2 }]);
    } finally {
      await second.db.close();
    }

    const again = await createPglite(join(root, 'second'), templates);
    await again.db.close();
    expect(again.start).toBe('existing');
  }, 120_000);

  it('keeps what a store started from the template stores, across a restart', async () => {
    const dir = join(root, 'store');
    const store = await openEmbeddedStore(dir, templates);
    await store.put('accounts', 'k', { iban: 'FR76' });
    await store.close();
    const reopened = await openEmbeddedStore(dir, templates);
    try {
      expect(await reopened.get('accounts', 'k')).toEqual({ iban: 'FR76' });
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('replaces a template that is not a dump by running initdb again', async () => {
    const [name] = await templateFiles();
    expect(name).toBeDefined();
    await writeFile(join(templates, name ?? ''), 'not a tar archive');
    const started = await createPglite(join(root, 'after-corruption'), templates);
    try {
      expect(started.start).toBe('initdb');
      const { rows } = await started.db.query<{ ok: boolean }>('SELECT true AS ok');
      expect(rows).toEqual([{ ok: true }]);
    } finally {
      await started.db.close();
    }
    const next = await createPglite(join(root, 'after-repair'), templates);
    await next.db.close();
    expect(next.start).toBe('template');
  }, 180_000);
});
