/**
 * Small hand parsers for the YAML files of `spec/`: each returns the typed value or throws a
 * {@link SpecError} naming the file and the path of the offending value.
 */
import { SpecError } from './spec-error.ts';

/** Where a value sits: the file and a dotted path inside it, for error messages. */
export interface At {
  file: string;
  path: string;
}

/** Extends a location with a property name or an array index. */
export function at(where: At, key: string | number): At {
  return {
    file: where.file,
    path: typeof key === 'number' ? `${where.path}[${key}]` : `${where.path}.${key}`,
  };
}

function fail(where: At, expected: string, value: unknown): never {
  throw new SpecError(
    'ERR_SPEC_INVALID',
    `${where.file}: ${where.path} must be ${expected}, got ${JSON.stringify(value) ?? 'undefined'}`,
    { hint: 'Fix the file, then run `npm run spec:check`.' },
  );
}

/** A plain object (not an array, not null). */
export function object(value: unknown, where: At): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(where, 'an object', value);
  return Object.fromEntries(Object.entries(value));
}

/** An object whose properties are read one by one, each with its own parser and location. */
export interface Reader {
  /** The property `key`, parsed by `parse` (which receives the property's location). */
  get<T>(key: string, parse: (value: unknown, where: At) => T): T;
}

/** A plain object, wrapped for reading its properties with located error messages. */
export function reader(value: unknown, where: At): Reader {
  const obj = object(value, where);
  return { get: (key, parse) => parse(obj[key], at(where, key)) };
}

/** A non-empty string. */
export function string(value: unknown, where: At): string {
  if (typeof value !== 'string' || value.length === 0) fail(where, 'a non-empty string', value);
  return value;
}

/** A non-empty string, or undefined when absent. */
export function optionalString(value: unknown, where: At): string | undefined {
  return value === undefined ? undefined : string(value, where);
}

/** A non-empty string, or null. */
export function nullableString(value: unknown, where: At): string | null {
  return value === null ? null : string(value, where);
}

/** A boolean. */
export function boolean(value: unknown, where: At): boolean {
  if (typeof value !== 'boolean') fail(where, 'a boolean', value);
  return value;
}

/** A boolean, false when absent. */
export function optionalBoolean(value: unknown, where: At): boolean {
  return value === undefined ? false : boolean(value, where);
}

/** An integer. */
export function integer(value: unknown, where: At): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) fail(where, 'an integer', value);
  return value;
}

/** A calendar date `YYYY-MM-DD`. */
export function isoDate(value: unknown, where: At): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
    fail(where, 'a date YYYY-MM-DD', value);
  return value;
}

/** A calendar date or null. */
export function nullableIsoDate(value: unknown, where: At): string | null {
  return value === null ? null : isoDate(value, where);
}

/** One of the listed literals. */
export function oneOf<T extends string>(values: readonly T[]): (value: unknown, where: At) => T {
  return (value, where) => {
    const found = values.find((v) => v === value);
    if (found === undefined) fail(where, `one of ${values.join(', ')}`, value);
    return found;
  };
}

/** An array whose items are parsed by `item`. */
export function array<T>(item: (v: unknown, w: At) => T): (value: unknown, where: At) => T[] {
  return (value, where) => {
    if (!Array.isArray(value)) fail(where, 'an array', value);
    return value.map((v: unknown, i) => item(v, at(where, i)));
  };
}

/** An array parsed by `item`, empty when absent. */
export function optionalArray<T>(item: (v: unknown, w: At) => T): (value: unknown, where: At) => T[] {
  const parse = array(item);
  return (value, where) => (value === undefined ? [] : parse(value, where));
}

/** An array parsed by `item`, or null. */
export function nullableArray<T>(item: (v: unknown, w: At) => T): (value: unknown, where: At) => T[] | null {
  const parse = array(item);
  return (value, where) => (value === null ? null : parse(value, where));
}
