/**
 * Writing generated files of `spec/` (TypeScript formatted by prettier), or comparing them with what is
 * on disk (so regenerating is proven to change nothing).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { format } from 'prettier';
import { stringify } from 'yaml';
import { specPath } from '../../spec/lib/spec-files.ts';

/** YAML text with a header comment (YAML is outside prettier's scope, see .prettierignore). */
export function formatYaml(header: string, value: unknown): string {
  return header + stringify(value, { aliasDuplicateObjects: false, lineWidth: 0, singleQuote: true });
}

/** TypeScript text formatted by prettier with the project's options. */
export async function formatTypeScript(text: string): Promise<string> {
  return format(text, { parser: 'typescript', singleQuote: true, printWidth: 110, trailingComma: 'all' });
}

/** Writes `text` to `spec/<file>`, or with `check` only compares; false when the file differs. */
export function writeOrCheck(file: string, text: string, check: boolean): boolean {
  const path = specPath(file);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (current === text) return true;
  if (check) return false;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return true;
}
