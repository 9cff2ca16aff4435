/**
 * Generates the TypeScript types of the harness's own file formats (suite and fragment, target,
 * baseline, report) from their JSON Schemas, so the loaders' types cannot drift from what ajv checks.
 *
 * The schemas are plain draft-07 (objects, arrays, enums, `oneOf` unions, local `$ref`s), so a small
 * generator writes readable types: one exported type per definition, named after it with the file's
 * prefix, TSDoc from `description`. A `oneOf` whose branches only require keys (one action per step)
 * constrains values without changing their type and is left to ajv, as are patterns, bounds and if/then.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { apiVersions } from '../../spec/lib/index.ts';
import { formatTypeScript, writeOrCheck } from './generated-file.ts';

/** A JSON Schema node as these generators read it. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  description?: string;
  definitions?: Record<string, SchemaNode>;
}

/** One schema file and the names its types get. */
export interface SchemaSource {
  /** Path of the schema from the repository root. */
  file: string;
  /** Name of the type of the whole document. */
  root: string;
  /** Prefix of the types of its definitions (`step` → `RawStep`). */
  prefix: string;
}

/** One generated file: where it goes and the schemas whose types it holds. */
export interface GeneratedTypes {
  /** Path from the repository root. */
  out: string;
  schemas: SchemaSource[];
}

/** Every generated types file of the harness. */
export const harnessTypeFiles: readonly GeneratedTypes[] = [
  {
    out: 'harness/suite/suite-schema.generated.ts',
    schemas: [
      { file: 'harness/suite/suite.schema.json', root: 'RawSuite', prefix: 'Raw' },
      { file: 'harness/suite/fragment.schema.json', root: 'RawFragment', prefix: 'RawFragment' },
    ],
  },
  {
    out: 'harness/targets/target-schema.generated.ts',
    schemas: [{ file: 'harness/targets/target.schema.json', root: 'RawTarget', prefix: 'Raw' }],
  },
  {
    out: 'harness/baseline/baseline-schema.generated.ts',
    schemas: [{ file: 'harness/baseline/baseline.schema.json', root: 'BaselineFile', prefix: 'Baseline' }],
  },
  {
    out: 'harness/report/report-schema.generated.ts',
    schemas: [{ file: 'harness/report/report.schema.json', root: 'RunReport', prefix: '' }],
  },
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pascal(name: string): string {
  return name.replace(/(^|[-_])([a-z0-9])/g, (_m: string, _sep: string, c: string) => c.toUpperCase());
}

/** A TSDoc comment of `description`, wrapped to the project's line width. */
function doc(description: string | undefined, indent = ''): string {
  if (description === undefined) return '';
  const words = description.replace(/\*\//g, '*\\/').split(/\s+/);
  const width = 106 - indent.length;
  if (description.length <= width - 4) return `${indent}/** ${words.join(' ')} */\n`;
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line !== '' && line.length + word.length + 1 > width - 3) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
}

function propertyKey(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}

/** True when a node says something about the type of a value (not only which keys it needs). */
function isTyped(node: SchemaNode): boolean {
  return ['$ref', 'type', 'enum', 'const', 'oneOf', 'anyOf', 'properties', 'items'].some((k) => k in node);
}

/**
 * True when the object `node` repeats every property of the object `base` as is (draft-07 has no
 * `unevaluatedProperties`, so a schema extending a closed object lists its properties again): its
 * type is then `base`'s plus its own properties, not a second copy.
 */
function extendsObject(node: SchemaNode, base: SchemaNode): boolean {
  const own = node.properties;
  const inherited = base.properties;
  if (own === undefined || inherited === undefined || node.type !== 'object' || base.type !== 'object')
    return false;
  const names = Object.keys(inherited);
  return (
    names.length < Object.keys(own).length &&
    names.every((n) => JSON.stringify(own[n]) === JSON.stringify(inherited[n])) &&
    (base.required ?? []).every((r) => (node.required ?? []).includes(r))
  );
}

/** `node` without the properties `base` already has. */
function withoutProperties(node: SchemaNode, base: SchemaNode): SchemaNode {
  const inherited = new Set(Object.keys(base.properties ?? {}));
  const properties = Object.fromEntries(
    Object.entries(node.properties ?? {}).filter(([n]) => !inherited.has(n)),
  );
  return { ...node, properties, additionalProperties: false };
}

/** Generates the types of a set of schemas that may refer to each other by file name. */
/** True when `values` is the list of API versions: spec:build wrote that enum from spec/versions.yaml. */
function isApiVersionEnum(values: readonly unknown[]): boolean {
  return values.length === apiVersions.length && apiVersions.every((version, i) => values[i] === version);
}

class TypeWriter {
  /** `<schema file name>#/definitions/<name>` → type name. */
  private readonly names = new Map<string, string>();
  /** Whether a type refers to spec/lib's `ApiVersion` (the file then imports it). */
  usesApiVersion = false;

  constructor(private readonly sources: ReadonlyArray<{ source: SchemaSource; schema: SchemaNode }>) {
    for (const { source, schema } of sources) {
      const file = source.file.slice(source.file.lastIndexOf('/') + 1);
      this.names.set(`${file}#`, source.root);
      for (const name of Object.keys(schema.definitions ?? {}))
        this.names.set(`${file}#/definitions/${name}`, `${source.prefix}${pascal(name)}`);
    }
  }

  text(): string {
    const out: string[] = [];
    for (const { source, schema } of this.sources) {
      const file = source.file.slice(source.file.lastIndexOf('/') + 1);
      out.push(`${doc(schema.description)}export type ${source.root} = ${this.type(schema, file, '')};`);
      const definitions = Object.entries(schema.definitions ?? {});
      for (const [name, node] of definitions) {
        const base = definitions.find(([other, o]) => other !== name && extendsObject(node, o));
        const type =
          base === undefined
            ? this.type(node, file, '')
            : `${this.refName(`${file}#/definitions/${base[0]}`)} & ${this.object(withoutProperties(node, base[1]), file, '')}`;
        out.push(
          `${doc(node.description)}export type ${this.refName(`${file}#/definitions/${name}`)} = ${type};`,
        );
      }
    }
    return out.join('\n\n');
  }

  private refName(key: string): string {
    const name = this.names.get(key);
    if (name === undefined) throw new Error(`unresolved $ref ${key}`);
    return name;
  }

  private type(node: SchemaNode, file: string, indent: string): string {
    if (node.$ref !== undefined) {
      const [target = '', pointer = ''] = node.$ref.split('#');
      return this.refName(`${target === '' ? file : target}#${pointer}`);
    }
    if ('const' in node) return JSON.stringify(node.const);
    if (node.enum !== undefined) {
      // The version enum is spec/lib's ApiVersion, not a second list of version names.
      if (isApiVersionEnum(node.enum)) {
        this.usesApiVersion = true;
        return 'ApiVersion';
      }
      return node.enum.map((v) => JSON.stringify(v)).join(' | ');
    }
    const branches = [...(node.oneOf ?? []), ...(node.anyOf ?? [])].filter(isTyped);
    if (branches.length > 0) return branches.map((b) => this.type(b, file, indent)).join(' | ');
    const types = typeof node.type === 'string' ? [node.type] : (node.type ?? []);
    if (types.length === 0) {
      if (node.properties !== undefined || node.additionalProperties !== undefined)
        return this.object(node, file, indent);
      return 'unknown';
    }
    return types
      .map((t) => {
        switch (t) {
          case 'string':
            return 'string';
          case 'integer':
          case 'number':
            return 'number';
          case 'boolean':
            return 'boolean';
          case 'null':
            return 'null';
          case 'array':
            return node.items === undefined ? 'unknown[]' : `Array<${this.type(node.items, file, indent)}>`;
          case 'object':
            return this.object(node, file, indent);
          default:
            throw new Error(`unsupported type ${t}`);
        }
      })
      .join(' | ');
  }

  private object(node: SchemaNode, file: string, indent: string): string {
    const inner = `${indent}  `;
    const required = new Set(node.required ?? []);
    const lines = Object.entries(node.properties ?? {}).map(
      ([name, child]) =>
        `${doc(child.description, inner)}${inner}${propertyKey(name)}${required.has(name) ? '' : '?'}: ${this.type(child, file, inner)};`,
    );
    const extra = node.additionalProperties;
    if (isRecord(extra)) lines.push(`${inner}[key: string]: ${this.type(extra, file, inner)};`);
    else if (extra !== false && node.properties === undefined) lines.push(`${inner}[key: string]: unknown;`);
    return lines.length === 0 ? 'Record<string, never>' : `{\n${lines.join('\n')}\n${indent}}`;
  }
}

function readSchema(file: string): SchemaNode {
  const value: unknown = JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
  if (!isRecord(value)) throw new Error(`${file} is not a JSON Schema`);
  return value;
}

/** The types of `schemas` (read already), each with its names: the body of a generated file. */
export function schemaTypes(
  schemas: ReadonlyArray<{ source: SchemaSource; schema: SchemaNode }>,
  /** Path of the generated file from the repository root, for the import of `ApiVersion`. */
  out = 'harness/generated.ts',
): string {
  const writer = new TypeWriter(schemas);
  const body = writer.text();
  if (!writer.usesApiVersion) return body;
  const lib = relative(dirname(out), 'spec/lib/index.ts');
  return `import type { ApiVersion } from '${lib.startsWith('.') ? lib : `./${lib}`}';\n\n${body}`;
}

/** The generated text of one types file. */
export async function harnessTypesText(generated: GeneratedTypes): Promise<string> {
  const sources = generated.schemas.map((source) => ({ source, schema: readSchema(source.file) }));
  const from = generated.schemas.map((s) => s.file).join(', ');
  const banner = `/* Generated by tools/spec/build-harness-types.ts from ${from} - do not edit; run npm run spec:build. */`;
  return formatTypeScript(`${banner}\n\n${schemaTypes(sources, generated.out)}\n`);
}

/** Writes (or with `check`, compares) every generated types file; returns the files that differ. */
export async function buildHarnessTypes(check: boolean): Promise<string[]> {
  const stale: string[] = [];
  for (const generated of harnessTypeFiles)
    if (!writeOrCheck(`../${generated.out}`, await harnessTypesText(generated), check))
      stale.push(generated.out);
  return stale;
}
