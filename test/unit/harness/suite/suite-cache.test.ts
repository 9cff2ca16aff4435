import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSuites } from '../../../../harness/suite/load-suite.ts';
import { codeFingerprint, loadSuitesCached, toolSuiteCache } from '../../../../harness/suite/suite-cache.ts';
import { specRuleCatalogue } from '../../../../harness/suite/spec-rule-catalogue.ts';

const rules = { has: (id: string) => id === 'TOK-ONE' };

const fragment = (path: string): string => `title: GET ${path}
steps:
  - request: { path: '${path}' }
    expect: { status: 200 }
`;

const suite = (id: string): string => `suite: ${id}
title: Demo ${id}
versions: [v1]
roles: [aisp]
cases:
  - id: first
    title: First
    rules: [TOK-ONE]
    steps:
      - use: listing
      - request: { method: POST, path: '/x', bodyBase64: 'YWJj' }
        expect: { status: 400 }
`;

let dir: string;
let suites: string;
let cacheFile: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'suite-cache-'));
  suites = join(dir, 'suites');
  mkdirSync(join(suites, '_shared'), { recursive: true });
  mkdirSync(join(suites, 'inner'), { recursive: true });
  writeFileSync(join(suites, '_shared', 'listing.yaml'), fragment('/accounts'));
  writeFileSync(join(suites, 'inner', 'demo.yaml'), suite('demo'));
  cacheFile = join(dir, 'cache', 'suites.v8');
});

/** Loads through the cache, counting the real loads. */
function cachedLoad(fingerprint = 'code-1'): { result: ReturnType<typeof loadSuites>; loads: number } {
  const load = vi.fn(loadSuites);
  const result = loadSuitesCached([suites], rules, { file: cacheFile, fingerprint, cwd: dir, load });
  return { result, loads: load.mock.calls.length };
}

describe('loadSuitesCached', () => {
  it('loads once, then gives back the same definitions without loading', () => {
    const first = cachedLoad();
    expect(first.loads).toBe(1);
    const second = cachedLoad();
    expect(second.loads).toBe(0);
    // Structurally the same, down to undefined fields and class instances (a raw body's bytes).
    expect(second.result).toStrictEqual(first.result);
    expect(second.result).toStrictEqual(loadSuites([suites], rules, dir));
  });

  it('loads again when a suite file changes', () => {
    cachedLoad();
    writeFileSync(join(suites, 'inner', 'demo.yaml'), suite('demo-changed'));
    const after = cachedLoad();
    expect(after.loads).toBe(1);
    expect(after.result.map((s) => s.suite)).toEqual(['demo-changed']);
  });

  it('loads again when a fragment changes, or a nearer fragment of the same name appears', () => {
    cachedLoad();
    writeFileSync(join(suites, '_shared', 'listing.yaml'), fragment('/accounts?x=1'));
    const changed = cachedLoad();
    expect(changed.loads).toBe(1);
    mkdirSync(join(suites, 'inner', '_shared'));
    writeFileSync(join(suites, 'inner', '_shared', 'listing.yaml'), fragment('/nearer'));
    const nearer = cachedLoad();
    expect(nearer.loads).toBe(1);
    expect(JSON.stringify(nearer.result)).toContain('/nearer');
    expect(JSON.stringify(nearer.result)).not.toContain('/accounts');
  });

  it('loads again when a suite file is added, or for another fingerprint (other loader code)', () => {
    cachedLoad();
    writeFileSync(join(suites, 'second.yaml'), suite('second'));
    expect(cachedLoad().loads).toBe(1);
    expect(cachedLoad().loads).toBe(0);
    expect(cachedLoad('code-2').loads).toBe(1);
  });

  it('ignores a corrupt cache file and an unwritable cache folder, loading instead', () => {
    mkdirSync(join(dir, 'cache'));
    writeFileSync(cacheFile, 'not a V8 serialization');
    expect(cachedLoad().loads).toBe(1);
    expect(cachedLoad().loads).toBe(0);
    // The cache "folder" is a file: nothing can be written, every load is a real one.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, '');
    const load = vi.fn(loadSuites);
    const options = { file: join(blocked, 'suites.v8'), fingerprint: 'code-1', cwd: dir, load };
    loadSuitesCached([suites], rules, options);
    loadSuitesCached([suites], rules, options);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never caches a suite with problems: the error comes back every time', () => {
    writeFileSync(join(suites, 'broken.yaml'), 'suite: [');
    expect(() => cachedLoad()).toThrow(/broken\.yaml/);
    expect(() => cachedLoad()).toThrow(/broken\.yaml/);
  });
});

describe('codeFingerprint and the tool cache', () => {
  it('changes with a file of the folders, and with the extra values', () => {
    const code = join(dir, 'code');
    mkdirSync(join(code, 'deep'), { recursive: true });
    writeFileSync(join(code, 'deep', 'a.ts'), 'export const a = 1;');
    const before = codeFingerprint([code]);
    expect(codeFingerprint([code])).toBe(before);
    expect(codeFingerprint([code], ['yaml 2.8.0'])).not.toBe(before);
    writeFileSync(join(code, 'deep', 'a.ts'), 'export const a = 2;');
    expect(codeFingerprint([code])).not.toBe(before);
  });

  it('gives the bundled suites back identical to a fresh load', () => {
    const tool = toolSuiteCache();
    const options = { file: join(dir, 'tool.v8'), fingerprint: tool.fingerprint };
    const fresh = loadSuitesCached(['suites'], specRuleCatalogue, options);
    const again = loadSuitesCached(['suites'], specRuleCatalogue, options);
    expect(again).toStrictEqual(fresh);
    expect(fresh.length).toBeGreaterThan(40);
  });
});
