/**
 * What `--retest-survivors` and `--merge-run` of tools/mutation/run-mutation.ts touch: the files a run
 * selects, and the committed results with the survivors and timeouts of those files taken out.
 */
import { matchesGlob } from 'node:path';
import { isObject } from './mutation-report.ts';

/**
 * A report's JSON without the survivors, timeouts and uncovered mutants of the selected files: Stryker
 * tests a mutant its incremental file does not hold, and reuses the others (the merge then puts the
 * new results over the old ones). Timeouts count as detected, but on the shared machine a load spike
 * times out a slow survivor too, so they are retested with it; an uncovered mutant is retested
 * because the cases' coverage may have grown (new cases, or a measuring fix). The other files are
 * kept as they are.
 */
export function withoutSurvivors(
  raw: Readonly<Record<string, unknown>>,
  selected: (path: string) => boolean,
): Record<string, unknown> {
  const files = isObject(raw['files']) ? raw['files'] : {};
  const retested = new Set(['Survived', 'Timeout', 'NoCoverage']);
  const kept = Object.fromEntries(
    Object.entries(files).map(([path, file]) => {
      if (!selected(path) || !isObject(file) || !Array.isArray(file['mutants'])) return [path, file];
      const live = file['mutants'].filter((m: unknown) => !isObject(m) || !retested.has(String(m['status'])));
      return [path, { ...file, mutants: live }];
    }),
  );
  return { ...raw, files: kept };
}

/**
 * True for a path (from the root) that `--mutate` patterns select, as Stryker reads them: a path a
 * pattern matches and no `!pattern` excludes. Node 20's `path.matchesGlob` is marked experimental:
 * its one-time warning is kept off the output.
 */
export function selectedBy(patterns: readonly string[]): (path: string) => boolean {
  const included = patterns.filter((pattern) => !pattern.startsWith('!'));
  const excluded = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
  const matches = (path: string, pattern: string): boolean => pattern === path || matchesGlob(path, pattern);
  return (path) => {
    const warn = process.emitWarning.bind(process);
    process.emitWarning = () => undefined;
    try {
      return (
        included.some((pattern) => matches(path, pattern)) &&
        !excluded.some((pattern) => matches(path, pattern))
      );
    } finally {
      process.emitWarning = warn;
    }
  };
}
