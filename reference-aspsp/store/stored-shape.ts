/**
 * The shape of a stored value, declared once as a JSON Schema that TypeScript checks against the
 * value's type (ajv's `JSONSchemaType`), and compiled once into the parse function of a
 * {@link typedCollection}. Values the reference itself wrote only fail it when the data directory
 * comes from another version, so a refusal names what does not fit rather than being read as absent.
 */
import type { JSONSchemaType } from 'ajv';
import { compileShape } from '../lib/compile-shape.ts';

/** Compiles `schema` into a type guard (for stores that read a value of another shape as absent). */
export function storedGuard<T>(schema: JSONSchemaType<T>): (value: unknown) => value is T {
  const validate = compileShape(schema);
  return (value): value is T => validate(value);
}

/** Compiles `schema` into a parse function: the value, typed, or an Error listing what does not fit. */
export function storedShape<T>(schema: JSONSchemaType<T>): (value: unknown) => T {
  const validate = compileShape(schema);
  return (value) => {
    if (validate(value)) return value;
    const errors = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`,
    );
    throw new Error(errors.join('; '));
  };
}
