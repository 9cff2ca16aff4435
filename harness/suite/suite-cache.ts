/**
 * Loaded suites kept between runs. Parsing the bundled suites (YAML with positions, the language's
 * schema, the fragments, the checks) takes about a second, on the start-up path of every run; a run
 * whose inputs did not change since the last one reads the result back instead.
 *
 * The entry is keyed by a SHA-256 over everything the result depends on: the suite files and their
 * contents, every fragment a suite could resolve (the `_shared/` folders of each suite's folder and of
 * every folder above it, names and contents, so a fragment added nearer is seen), the folder names are
 * shown relative to, the rule catalogue's own fingerprint, and the loader's code. A changed input is a
 * new key and a fresh load; nothing is ever served for other inputs. The value is the V8
 * serialization of the definitions (structured clone: `undefined`, buffers and nesting kept as they
 * are). An unreadable, corrupt or foreign cache file is ignored; a cache that cannot be written only
 * costs the next run its load.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { RuleCatalogue } from './check-suite.ts';
import { fragmentFolder } from './fragment-library.ts';
import { loadSuites, suiteFiles } from './load-suite.ts';
import type { SuiteDefinition } from './suite-definition.ts';

/** The folder of the harness's package. */
const root = resolve(import.meta.dirname, '..', '..');

/** Bumped when the entry's layout changes. */
const formatVersion = 1;

/** How {@link loadSuitesCached} keys and keeps its entry. */
export interface SuiteCacheOptions {
  /** The cache file (one entry: the last load). */
  file: string;
  /**
   * Everything else the loaded suites depend on: the loader's code and the rule catalogue (see
   * {@link codeFingerprint}). Two loads with different fingerprints never share an entry.
   */
  fingerprint: string;
  /** Folder the shown file names are relative to (default: the process's). */
  cwd?: string;
  /** The loader (default {@link loadSuites}); tests count its calls. */
  load?: typeof loadSuites;
}

/**
 * The suites of `paths` as {@link loadSuites} loads them, read from the cache when nothing they depend
 * on changed. Throws what `loadSuites` throws (a suite with problems is never cached).
 */
export function loadSuitesCached(
  paths: readonly string[],
  rules: RuleCatalogue,
  options: SuiteCacheOptions,
): SuiteDefinition[] {
  const cwd = options.cwd ?? process.cwd();
  const load = options.load ?? loadSuites;
  const key = inputKey(paths, cwd, options.fingerprint);
  const cached = key === undefined ? undefined : readEntry(options.file, key);
  if (cached !== undefined) return cached;
  const suites = load(paths, rules, cwd);
  if (key !== undefined) writeEntry(options.file, key, suites);
  return suites;
}

/**
 * A fingerprint of the code under `folders` (every file's path and contents, sorted) plus `extra`.
 * For the suite loader: `harness/` and the folders it may import (`lib`, `protocol`, `spec`, `pki`,
 * enforced by tools/check-deps.ts), so any change to the loader, the checks, the schema or the rules
 * is a new key.
 */
export function codeFingerprint(folders: readonly string[], extra: readonly string[] = []): string {
  const hash = createHash('sha256');
  for (const folder of folders)
    for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
      const path = join(folder, name);
      if (!statSync(path).isFile()) continue;
      hash.update(`${path}\0`).update(readFileSync(path)).update('\0');
    }
  for (const value of extra) hash.update(`${value}\0`);
  return hash.digest('hex');
}

/**
 * The cache `run` uses with the spec's rule catalogue: `.data/suite-cache.v8` in the package, keyed by
 * the code of `harness/` and every folder it may import, and by the versions of the YAML and JSON
 * Schema libraries.
 */
export function toolSuiteCache(): Pick<SuiteCacheOptions, 'file' | 'fingerprint'> {
  const require = createRequire(import.meta.url);
  const versions = ['yaml/package.json', 'ajv/package.json', 'ajv-formats/package.json'].map((name) =>
    readFileSync(require.resolve(name), 'utf8'),
  );
  return {
    file: join(root, '.data', 'suite-cache.v8'),
    fingerprint: codeFingerprint(
      ['harness', 'lib', 'protocol', 'spec', 'pki'].map((folder) => join(root, folder)),
      versions,
    ),
  };
}

/** The key of a load's inputs, or undefined when they cannot be read (the loader then says why). */
function inputKey(paths: readonly string[], cwd: string, fingerprint: string): string | undefined {
  try {
    const hash = createHash('sha256');
    hash.update(`stet-suite-cache ${formatVersion} ${process.versions.v8}\0${fingerprint}\0${cwd}\0`);
    const files = paths.flatMap((p) => suiteFiles(p));
    const folders = new Set<string>();
    for (const file of files) {
      hash.update(`suite ${file}\0`).update(readFileSync(file)).update('\0');
      for (let dir = dirname(resolve(cwd, file)); ; dir = dirname(dir)) {
        folders.add(dir);
        if (dirname(dir) === dir) break;
      }
    }
    for (const folder of [...folders].sort()) {
      const shared = join(folder, fragmentFolder);
      let names: string[];
      try {
        names = readdirSync(shared).sort();
      } catch {
        continue;
      }
      for (const name of names) {
        const path = join(shared, name);
        hash.update(`fragment ${path}\0`);
        if (statSync(path).isFile()) hash.update(readFileSync(path));
        hash.update('\0');
      }
    }
    return hash.digest('hex');
  } catch {
    return undefined;
  }
}

function readEntry(file: string, key: string): SuiteDefinition[] | undefined {
  try {
    const entry: unknown = deserialize(readFileSync(file));
    if (typeof entry !== 'object' || entry === null || !('key' in entry) || !('suites' in entry))
      return undefined;
    if (entry.key !== key || !Array.isArray(entry.suites)) return undefined;
    // Written by writeEntry from loadSuites' own result under the same key: the definitions as loaded.
    return entry.suites as SuiteDefinition[];
  } catch {
    return undefined;
  }
}

function writeEntry(file: string, key: string, suites: readonly SuiteDefinition[]): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, serialize({ key, suites }));
    // A rename replaces the entry at once: a concurrent run reads the old entry or the new one.
    renameSync(temporary, file);
  } catch {
    // Not writable: the next run loads again.
    try {
      rmSync(temporary, { force: true });
    } catch {
      // Nothing was written either.
    }
  }
}
