/**
 * Merging Stryker incremental results (mutation-testing-report-schema JSON) so the committed file
 * holds every file measured so far, by any run on any branch.
 *
 * Stryker numbers tests per report ("0", "1", …) and a mutant names the tests that cover or killed it
 * by those numbers, so a file measured by one run cannot simply be copied next to the test list of
 * another: adding a case shifts every later number. Each test is therefore identified across reports
 * by its suite file and name (`<set-up> <suite> <case>`, unique by construction), and the merged
 * report numbers the union of the tests again, rewriting every mutant's `coveredBy` and `killedBy`.
 * A reference to a test the merged list no longer has (a deleted case) is dropped, so Stryker retests
 * that mutant rather than trusting a kill by a case that is gone.
 */
import { isObject, type MutationReport } from './mutation-report.ts';

type Json = Record<string, unknown>;

/** One report as merge input: its files (those kept from it) and its test list. */
interface Source {
  readonly files: Json;
  readonly testFiles: Json;
}

/** How the merge picks files and test lists; see {@link mergeResults}. */
export interface MergeOptions {
  /**
   * The run that produced `update` was interrupted: a mutant it left `Pending` or out keeps the result
   * `base` holds for the same mutant (same mutator, place and replacement).
   */
  readonly partial?: boolean;
  /** False for a measured source file no longer in the tree (deleted or renamed): its results go. */
  readonly exists?: (path: string) => boolean;
  /** Only `update`'s files this accepts are taken (the others keep `base`'s); default: all. */
  readonly takeFile?: (path: string) => boolean;
  /**
   * The current text of a suite file, to choose between two test lists of it: the one whose recorded
   * source is the file as it is now wins (after a git merge each side holds its own suites' list).
   * Without it, or when neither matches, `update`'s list wins.
   */
  readonly currentSource?: (testFile: string) => string | undefined;
}

function testKey(testFile: string, name: unknown): string {
  return `${testFile}\n${String(name)}`;
}

/** The test lists of both reports, one per suite file, chosen as {@link MergeOptions.currentSource} says. */
function chooseTestFiles(base: Json, update: Json, currentSource: MergeOptions['currentSource']): Json {
  const chosen: Json = {};
  for (const path of new Set([...Object.keys(base), ...Object.keys(update)])) {
    const fromBase = base[path];
    const fromUpdate = update[path];
    if (fromUpdate === undefined) chosen[path] = fromBase;
    else if (fromBase === undefined) chosen[path] = fromUpdate;
    else {
      const now = currentSource?.(path);
      const baseMatches = now !== undefined && isObject(fromBase) && fromBase['source'] === now;
      const updateMatches = now !== undefined && isObject(fromUpdate) && fromUpdate['source'] === now;
      chosen[path] = baseMatches && !updateMatches ? fromBase : fromUpdate;
    }
  }
  return chosen;
}

/** `id → key` of one report's tests. */
function keysById(testFiles: Json): Map<string, string> {
  const keys = new Map<string, string>();
  for (const [path, file] of Object.entries(testFiles)) {
    if (!isObject(file) || !Array.isArray(file['tests'])) continue;
    for (const test of file['tests']) {
      if (isObject(test) && typeof test['id'] === 'string') keys.set(test['id'], testKey(path, test['name']));
    }
  }
  return keys;
}

/** The chosen test lists numbered again from 0, and `key → new id`. */
function renumber(testFiles: Json): { testFiles: Json; idByKey: Map<string, string> } {
  const idByKey = new Map<string, string>();
  const renumbered: Json = {};
  for (const [path, file] of Object.entries(testFiles).sort(([a], [b]) => a.localeCompare(b))) {
    if (!isObject(file) || !Array.isArray(file['tests'])) {
      renumbered[path] = file;
      continue;
    }
    const tests = file['tests'].map((test: unknown) => {
      if (!isObject(test)) return test;
      const id = String(idByKey.size);
      idByKey.set(testKey(path, test['name']), id);
      return { ...test, id };
    });
    renumbered[path] = { ...file, tests };
  }
  return { testFiles: renumbered, idByKey };
}

/** A file's mutants with their test ids translated from their own report's numbering to the merged one. */
function translateFile(file: unknown, from: Map<string, string>, to: Map<string, string>): unknown {
  if (!isObject(file) || !Array.isArray(file['mutants'])) return file;
  const translate = (ids: unknown): unknown =>
    Array.isArray(ids)
      ? ids.flatMap((id: unknown) => {
          const key = from.get(String(id));
          const next = key === undefined ? undefined : to.get(key);
          return next === undefined ? [] : [next];
        })
      : ids;
  const mutants = file['mutants'].map((m: unknown) =>
    isObject(m) ? { ...m, coveredBy: translate(m['coveredBy']), killedBy: translate(m['killedBy']) } : m,
  );
  return { ...file, mutants };
}

function mutantKey(mutant: Json): string {
  return JSON.stringify([mutant['mutatorName'], mutant['location'], mutant['replacement']]);
}

/** `file`'s mutants, a pending or missing one (partial run) keeping `earlier`'s result. */
function withEarlierResults(file: unknown, earlier: unknown, partial: boolean): unknown {
  if (!isObject(file) || !Array.isArray(file['mutants'])) return file;
  const known = new Map<string, Json>();
  if (isObject(earlier) && Array.isArray(earlier['mutants'])) {
    for (const m of earlier['mutants']) if (isObject(m)) known.set(mutantKey(m), m);
  }
  const seen = new Set<string>();
  const mutants: unknown[] = file['mutants'].map((m: unknown) => {
    if (!isObject(m)) return m;
    seen.add(mutantKey(m));
    const before = m['status'] === 'Pending' ? known.get(mutantKey(m)) : undefined;
    return before === undefined
      ? m
      : {
          ...m,
          status: before['status'],
          statusReason: before['statusReason'],
          coveredBy: before['coveredBy'],
          killedBy: before['killedBy'],
        };
  });
  if (partial) for (const [key, m] of known) if (!seen.has(key)) mutants.push(m);
  return { ...file, mutants };
}

function sourceOf(report: MutationReport | undefined): Source {
  const raw = report?.raw ?? {};
  return {
    files: isObject(raw['files']) ? raw['files'] : {},
    testFiles: isObject(raw['testFiles']) ? raw['testFiles'] : {},
  };
}

/**
 * A report holding `base`'s files with `update`'s files put over them, and one test list numbered
 * consistently for both (see the module summary). A complete run replaces its files whole (a mutant
 * it no longer has is gone from the code); a partial one keeps `base`'s results for what it did not
 * test. The other top-level fields (schema version, thresholds, config) are `update`'s.
 */
export function mergeResults(
  base: MutationReport | undefined,
  update: MutationReport,
  options: MergeOptions = {},
): Json {
  const { partial = false, exists = () => true, takeFile = () => true, currentSource } = options;
  const older = sourceOf(base);
  const newer = sourceOf(update);
  const { testFiles, idByKey } = renumber(chooseTestFiles(older.testFiles, newer.testFiles, currentSource));
  const olderIds = keysById(older.testFiles);
  const newerIds = keysById(newer.testFiles);

  const files: Json = {};
  for (const [path, file] of Object.entries(older.files)) {
    if (exists(path)) files[path] = translateFile(file, olderIds, idByKey);
  }
  for (const [path, file] of Object.entries(newer.files)) {
    if (!takeFile(path) || !exists(path)) continue;
    const earlier = older.files[path];
    files[path] = withEarlierResults(
      translateFile(file, newerIds, idByKey),
      earlier === undefined ? undefined : translateFile(earlier, olderIds, idByKey),
      partial,
    );
  }
  const sortedFiles = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
  return { ...update.raw, files: sortedFiles, testFiles };
}
