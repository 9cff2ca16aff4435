/**
 * Reads the data files of `spec/` relative to this module, so the library works from any working
 * directory (CLI, tests, a bank's CI).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** Absolute path of a file under `spec/`, e.g. `specPath('rules.yaml')`. */
export function specPath(relative: string): string {
  return fileURLToPath(new URL(`../${relative}`, import.meta.url));
}

/** Parses a YAML (or JSON) file under `spec/` into an untyped value, for a parser to check. */
export function readSpecYaml(relative: string): unknown {
  return parse(readFileSync(specPath(relative), 'utf8'), { maxAliasCount: -1 });
}

/** Parses a JSON file under `spec/` into an untyped value, for a parser to check. */
export function readSpecJson(relative: string): unknown {
  return JSON.parse(readFileSync(specPath(relative), 'utf8'));
}
