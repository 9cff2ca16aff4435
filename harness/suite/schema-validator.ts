/**
 * Compiles a JSON Schema file of the harness (suite, target, baseline) into a validator that reports
 * each problem with `file:line:col`, using the YAML positions of {@link YamlSource}.
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { SourceProblem } from './suite-error.ts';
import type { YamlSource } from './yaml-source.ts';

const addFormats = addFormatsModule.default;

/** A compiled schema: a type guard plus located problems when the guard fails. */
export interface LocatedValidator<T> {
  validate(source: YamlSource): { ok: true; value: T } | { ok: false; problems: SourceProblem[] };
}

/**
 * Compiles the schema at `schemaUrl` (a file URL next to the code that owns it), with the schemas at
 * `references` that it refers to.
 *
 * `T` is the type generated from that schema (`*-schema.generated.ts`, `npm run spec:build`), so what
 * ajv accepts is what the loaders read; they normalise from there.
 */
export function compileLocatedValidator<T>(
  schemaUrl: URL,
  references: readonly URL[] = [],
): LocatedValidator<T> {
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv);
  // Schemas the main one refers to by `$id` (the fragment schema reuses the suite's step and given).
  for (const url of references) ajv.addSchema(readSchema(url));
  const guard = ajv.compile<T>(readSchema(schemaUrl));
  return {
    validate(source) {
      if (guard(source.value)) return { ok: true, value: source.value };
      return { ok: false, problems: explain(guard.errors ?? [], source) };
    },
  };
}

function readSchema(url: URL): object {
  const schema: unknown = JSON.parse(readFileSync(url, 'utf8'));
  if (typeof schema !== 'object' || schema === null) throw new Error(`${url.href} is not a JSON Schema`);
  return schema;
}

/**
 * Turns ajv errors into the few that help. A `oneOf` mismatch makes ajv report every branch; an
 * error of a branch on an ancestor of a deeper error is dropped (the deeper one says what is wrong),
 * and the messages at one location are merged ("must be integer or must be array").
 */
function explain(errors: readonly ErrorObject[], source: YamlSource): SourceProblem[] {
  const useful = errors.filter((e) => !['oneOf', 'anyOf', 'allOf', 'if'].includes(e.keyword));
  const pool = useful.length > 0 ? useful : [...errors];
  const kept = pool.filter(
    (e) =>
      !(e.schemaPath.includes('/oneOf/') || e.schemaPath.includes('/anyOf/')) ||
      !pool.some((o) => o.instancePath.startsWith(`${e.instancePath}/`)),
  );
  const byPointer = new Map<string, { field: string; all: string[]; either: string[] }>();
  for (const e of kept) {
    const pointer =
      e.keyword === 'additionalProperties'
        ? `${e.instancePath}/${String(e.params['additionalProperty'])}`
        : e.instancePath;
    const entry = byPointer.get(pointer) ?? { field: fieldName(e.instancePath), all: [], either: [] };
    const list = e.schemaPath.includes('/oneOf/') ? entry.either : entry.all;
    const message = describe(e);
    if (!list.includes(message)) list.push(message);
    byPointer.set(pointer, entry);
  }
  return [...byPointer].map(([pointer, { field, all, either }]) => ({
    where: source.locate(pointer),
    message: `${field} ${[...all, ...(either.length > 0 ? [either.join(' or ')] : [])].join(', and ')}`,
  }));
}

function fieldName(pointer: string): string {
  return pointer === '' ? 'the file' : pointer.slice(1).replace(/\//g, '.');
}

function describe(e: ErrorObject): string {
  switch (e.keyword) {
    case 'additionalProperties':
      return `has an unknown field "${String(e.params['additionalProperty'])}"`;
    case 'required':
      return `needs "${String(e.params['missingProperty'])}"`;
    case 'enum':
      return `must be one of ${JSON.stringify(e.params['allowedValues'])}`;
    default:
      return e.message ?? 'is invalid';
  }
}
