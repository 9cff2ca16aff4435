/**
 * Where the reference compiles its own shapes (stored values, configuration files, the parts of a
 * request body the spec's schema leaves loose): each a JSON Schema TypeScript checks against its type
 * (`JSONSchemaType`), compiled once when the module declaring it loads. Two ajv instances, for the two
 * kinds of message: every misfit listed (stores), or the first one with the value it refused
 * (configuration files; with `allErrors` a `contains` reports its items' errors before its own).
 */
import { Ajv, type JSONSchemaType, type ValidateFunction } from 'ajv';

const listing = new Ajv({ allErrors: true, strict: true });
const firstWithValue = new Ajv({ allErrors: false, strict: true, verbose: true });

/** Compiles `schema` into its validate function (a type guard carrying `errors`). */
export function compileShape<T>(
  schema: JSONSchemaType<T>,
  errors: 'all' | 'first-with-value' = 'all',
): ValidateFunction<T> {
  return (errors === 'all' ? listing : firstWithValue).compile(schema);
}
