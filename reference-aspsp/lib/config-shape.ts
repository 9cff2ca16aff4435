/**
 * The shape of a configuration file of the reference, declared once as a JSON Schema that TypeScript
 * checks against the parsed type (ajv's `JSONSchemaType`) and compiled once when the module declaring
 * it loads. A refusal names the first value that does not fit the way a person editing the file reads
 * it: `institutions[2].code: expected five digits, got "1010"`, the text being the `description` of
 * the schema node that refused it (ajv's own message where a node has none).
 */
import type { ErrorObject, JSONSchemaType } from 'ajv';
import { compileShape } from './compile-shape.ts';

/** The parsed document, or the one-line message of its first misfit. */
export type ConfigParse<T> = { ok: true; value: T } | { ok: false; message: string };

/** Compiles `schema`; `root` names the whole document in messages (`the file`). */
export function configShape<T>(schema: JSONSchemaType<T>, root: string): (value: unknown) => ConfigParse<T> {
  const validate = compileShape(schema, 'first-with-value');
  return (value) => {
    if (validate(value)) return { ok: true, value };
    const [error] = validate.errors ?? [];
    return { ok: false, message: error === undefined ? `${root}: invalid` : describe(error, root) };
  };
}

function describe(error: ErrorObject, root: string): string {
  const where = error.instancePath === '' ? root : location(error.instancePath);
  if (error.keyword === 'required') {
    const params = error.params as { missingProperty?: unknown };
    return `${where}: missing "${String(params.missingProperty)}"`;
  }
  const node: unknown = error.parentSchema;
  const description =
    typeof node === 'object' && node !== null && 'description' in node && typeof node.description === 'string'
      ? node.description
      : (error.message ?? 'is invalid');
  return `${where}: ${description}, got ${shown(error.data)}`;
}

/** `/institutions/2/code` → `institutions[2].code`. */
function location(pointer: string): string {
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce(
      (path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`),
      '',
    );
}

function shown(data: unknown): string {
  const text = JSON.stringify(data) ?? String(data);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
