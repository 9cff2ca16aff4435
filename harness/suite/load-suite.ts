/**
 * Loads suite files: YAML with positions, the JSON Schema of the language, then the checks of
 * {@link checkSuite}; any problem stops the run before anything is sent (exit 2, `file:line:col`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkSuite, type RuleCatalogue } from './check-suite.ts';
import { normalizeSuite } from './normalize-suite.ts';
import type { RawSuite } from './raw-suite.ts';
import { compileLocatedValidator, type LocatedValidator } from './schema-validator.ts';
import type { SuiteDefinition } from './suite-definition.ts';
import { SuiteError } from './suite-error.ts';
import { parseYamlSource } from './yaml-source.ts';

/** The published JSON Schema of the suite language. */
export const suiteSchemaUrl = new URL('./suite.schema.json', import.meta.url);

let validator: LocatedValidator<RawSuite> | undefined;

/** Parses one suite from text; `file` is only used in messages. Throws {@link SuiteError}. */
export function parseSuite(file: string, text: string, rules: RuleCatalogue): SuiteDefinition {
  const parsed = parseYamlSource(file, text);
  if (!parsed.ok) throw new SuiteError(parsed.problems);
  validator ??= compileLocatedValidator<RawSuite>(suiteSchemaUrl);
  const valid = validator.validate(parsed.source);
  if (!valid.ok) throw new SuiteError(valid.problems);
  const problems = checkSuite(valid.value, parsed.source, rules);
  if (problems.length > 0) throw new SuiteError(problems);
  return normalizeSuite(valid.value, parsed.source);
}

/**
 * Loads every `*.yaml` / `*.yml` file under the given files or folders (recursively, sorted), and
 * refuses two suites with one id. Problems of every file are collected into one {@link SuiteError}.
 */
export function loadSuites(
  paths: readonly string[],
  rules: RuleCatalogue,
  cwd = process.cwd(),
): SuiteDefinition[] {
  const files = paths.flatMap((p) => yamlFiles(p));
  const suites: SuiteDefinition[] = [];
  const problems: SuiteError['problems'][number][] = [];
  const byId = new Map<string, string>();
  for (const file of files) {
    const shown = relative(cwd, file) || file;
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      problems.push({
        where: shown,
        message: `cannot read: ${error instanceof Error ? error.message : String(error)}`,
      });
      continue;
    }
    try {
      const suite = parseSuite(shown, text, rules);
      const other = byId.get(suite.suite);
      if (other !== undefined)
        problems.push({
          where: `${shown}:1:1`,
          message: `suite id "${suite.suite}" is already used by ${other}`,
        });
      byId.set(suite.suite, shown);
      suites.push(suite);
    } catch (error) {
      if (error instanceof SuiteError) problems.push(...error.problems);
      else throw error;
    }
  }
  if (problems.length > 0) throw new SuiteError(problems);
  return suites;
}

function yamlFiles(path: string): string[] {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new SuiteError([{ where: path, message: 'no such file or folder' }]);
  }
  if (!isDir) return [path];
  return readdirSync(path, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => join(path, name));
}
