/**
 * Suite fragments: steps or a given shared by suites, each in its own file `_shared/<name>.yaml`.
 *
 * A suite file finds `<name>` in the `_shared/` folder of its own folder or of the nearest folder above
 * it that has the file (as Node finds a package in `node_modules/`), so `suites/_shared/` serves every
 * suite and a folder can keep fragments of its own. Each fragment is read and checked against
 * `fragment.schema.json` once per library, with its own `file:line:col`.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { RawFragment } from './suite-schema.generated.ts';
import { compileLocatedValidator, type LocatedValidator } from './schema-validator.ts';
import type { SourceProblem } from './suite-error.ts';
import { parseYamlSource, readYamlSource, type YamlParseResult, type YamlSource } from './yaml-source.ts';

/** The folder name that holds fragments; the loader never reads it as suites. */
export const fragmentFolder = '_shared';

/** The published JSON Schema of fragment files. */
export const fragmentSchemaUrl = new URL('./fragment.schema.json', import.meta.url);
const suiteSchemaUrl = new URL('./suite.schema.json', import.meta.url);

/** A fragment file, checked against its schema, with the positions of its source. */
export interface Fragment {
  name: string;
  value: RawFragment;
  source: YamlSource;
}

/** What looking up a fragment gives. */
export type FragmentLookup =
  | { kind: 'found'; fragment: Fragment }
  /** `nearest`: the first file looked for (the folders above it were looked in too). */
  | { kind: 'missing'; nearest: string }
  | { kind: 'invalid'; problems: SourceProblem[] };

/** Finds fragments for suite files; one library caches every fragment it read. */
export interface FragmentLibrary {
  /** The fragment `name` as seen from the suite or fragment file `from` (a path). */
  find(name: string, from: string): FragmentLookup;
}

let validator: LocatedValidator<RawFragment> | undefined;

/** The fragments on disk; suite file names are relative to `cwd`, and so are the names shown. */
export function fileFragmentLibrary(cwd = process.cwd()): FragmentLibrary {
  const read = new Map<string, FragmentLookup>();
  return {
    find(name, from) {
      const start = dirname(resolve(cwd, from));
      for (let dir = start; ; dir = dirname(dir)) {
        const path = join(dir, fragmentFolder, `${name}.yaml`);
        if (existsSync(path)) {
          const cached = read.get(path);
          if (cached !== undefined) return cached;
          const lookup = fragmentFrom(name, readYamlSource(path, relative(cwd, path) || path));
          read.set(path, lookup);
          return lookup;
        }
        if (dirname(dir) === dir)
          return { kind: 'missing', nearest: relative(cwd, join(start, fragmentFolder, `${name}.yaml`)) };
      }
    },
  };
}

/** Parses a fragment from text; `file` names it in messages (and is where its own uses are looked up). */
export function parseFragment(name: string, file: string, text: string): FragmentLookup {
  return fragmentFrom(name, parseYamlSource(file, text));
}

function fragmentFrom(name: string, parsed: YamlParseResult): FragmentLookup {
  if (!parsed.ok) return { kind: 'invalid', problems: parsed.problems };
  validator ??= compileLocatedValidator<RawFragment>(fragmentSchemaUrl, [suiteSchemaUrl]);
  const valid = validator.validate(parsed.source);
  if (!valid.ok) return { kind: 'invalid', problems: valid.problems };
  return { kind: 'found', fragment: { name, value: valid.value, source: parsed.source } };
}
