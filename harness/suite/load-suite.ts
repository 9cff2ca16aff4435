/**
 * Loads suite files: YAML with positions, the JSON Schema of the language, the fragments they use
 * (`_shared/`), then the checks of {@link checkSuite}; any problem stops the run before anything is
 * sent (exit 2, `file:line:col`).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkSuite, type RuleCatalogue } from './check-suite.ts';
import { expandIncludes } from './expand-includes.ts';
import { fileFragmentLibrary, fragmentFolder, type FragmentLibrary } from './fragment-library.ts';
import { normalizeSuite } from './normalize-suite.ts';
import type { RawSuite } from './suite-schema.generated.ts';
import { compileLocatedValidator, type LocatedValidator } from './schema-validator.ts';
import type { SuiteDefinition } from './suite-definition.ts';
import { SuiteError, type SuiteErrorCode } from './suite-error.ts';
import { parseYamlSource, readYamlSource, type YamlParseResult } from './yaml-source.ts';

/** The published JSON Schema of the suite language. */
export const suiteSchemaUrl = new URL('./suite.schema.json', import.meta.url);

let validator: LocatedValidator<RawSuite> | undefined;

/** How {@link parseSuite} finds the fragments a suite uses. */
export interface ParseSuiteOptions {
  /** Default: the `_shared/` folders on disk above `file`. */
  fragments?: FragmentLibrary;
}

/**
 * Parses one suite from text; `file` names it in messages and is where its fragments are looked up
 * from. Throws {@link SuiteError}.
 */
export function parseSuite(
  file: string,
  text: string,
  rules: RuleCatalogue,
  options: ParseSuiteOptions = {},
): SuiteDefinition {
  return suiteFrom(parseYamlSource(file, text), rules, options.fragments ?? fileFragmentLibrary());
}

function suiteFrom(
  parsed: YamlParseResult,
  rules: RuleCatalogue,
  fragments: FragmentLibrary,
): SuiteDefinition {
  if (!parsed.ok) throw new SuiteError(parsed.problems);
  validator ??= compileLocatedValidator<RawSuite>(suiteSchemaUrl);
  const valid = validator.validate(parsed.source);
  if (!valid.ok) throw new SuiteError(valid.problems);
  const expanded = expandIncludes(valid.value, parsed.source, fragments);
  if (!expanded.ok) throw new SuiteError(expanded.problems, commonCode(expanded.problems));
  const problems = checkSuite(expanded.suite, expanded.source, rules);
  if (problems.length > 0) throw new SuiteError(problems);
  return normalizeSuite(expanded.suite, expanded.source);
}

/**
 * Loads every `*.yaml` / `*.yml` file under the given files or folders (recursively, sorted, skipping
 * the fragments of `_shared/` folders), and refuses two suites with one id. Problems of every file are
 * collected into one {@link SuiteError}.
 */
export function loadSuites(
  paths: readonly string[],
  rules: RuleCatalogue,
  cwd = process.cwd(),
): SuiteDefinition[] {
  const files = paths.flatMap((p) => suiteFiles(p));
  const suites: SuiteDefinition[] = [];
  const problems: Array<SuiteError['problems'][number] & { code: SuiteErrorCode }> = [];
  const byId = new Map<string, string>();
  const fragments = fileFragmentLibrary(cwd);
  for (const file of files) {
    const shown = relative(cwd, file) || file;
    try {
      const suite = suiteFrom(readYamlSource(file, shown), rules, fragments);
      const other = byId.get(suite.suite);
      if (other !== undefined)
        problems.push({
          where: `${shown}:1:1`,
          code: 'ERR_SUITE_INVALID',
          message: `suite id "${suite.suite}" is already used by ${other}`,
        });
      byId.set(suite.suite, shown);
      suites.push(suite);
    } catch (error) {
      if (error instanceof SuiteError)
        problems.push(...error.problems.map((p) => ({ ...p, code: error.code })));
      else throw error;
    }
  }
  if (problems.length > 0) throw new SuiteError(problems, commonCode(problems));
  return suites;
}

/** The code all problems share; `ERR_SUITE_INVALID` when they differ. */
function commonCode(problems: ReadonlyArray<{ code: SuiteErrorCode }>): SuiteErrorCode {
  const codes = new Set(problems.map((p) => p.code));
  return codes.size === 1 ? (problems[0]?.code ?? 'ERR_SUITE_INVALID') : 'ERR_SUITE_INVALID';
}

/**
 * The suite files a path names: itself, or every `*.yaml` / `*.yml` under the folder (recursively,
 * sorted, without the `_shared/` fragments). Throws {@link SuiteError} for a path that does not exist.
 */
export function suiteFiles(path: string): string[] {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new SuiteError([{ where: path, message: 'no such file or folder' }]);
  }
  if (!isDir) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name) && !name.split(sep).includes(fragmentFolder))
    .sort()
    .map((name) => join(path, name));
}
