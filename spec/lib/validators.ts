/**
 * Compiled ajv validators for the schemas of a version's OpenAPI document and for the response of an
 * operation. Each validator is compiled once, on first use, and cached: a call costs microseconds.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument, operationObject } from './openapi.ts';
import { SpecError } from './spec-error.ts';
import type { ApiVersion } from './versions.ts';

/**
 * One schema error: its readable message, where in the value (a JSON pointer, `''` the root), and the
 * rule that owns the field (`x-rule` of the nearest annotated schema along the way, see
 * {@link owningRule}); undefined where no schema on the way is annotated.
 */
export interface ValidationIssue {
  message: string;
  at: string;
  rule: string | undefined;
}

/**
 * Outcome of one validation: every error of the value (ajv `allErrors`), as one-line messages
 * (`errors`) and with their owning rules (`issues`, in the same order); both empty when valid.
 */
export interface ValidationResult {
  valid: boolean;
  errors: string[];
  issues: ValidationIssue[];
}

/** A compiled validator. */
export type Validator = (value: unknown) => ValidationResult;

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = addFormatsModule.default;

const instances = new Map<ApiVersion, Ajv2020>();
const schemaCache = new Map<string, Validator>();
const responseCache = new Map<string, Validator | null>();

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `$id` under which a version's schemas are registered; refs become `<id>#/$defs/<name>`. */
export function schemaBundleId(version: ApiVersion): string {
  return `urn:stet-harness:spec:${version}`;
}

/** Copies a schema, rewriting `#/components/schemas/X` refs to the version's bundle. */
function rewriteRefs(value: unknown, bundle: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteRefs(v, bundle));
  return isRecord(value) ? rewriteSchema(value, bundle) : value;
}

function rewriteSchema(value: Readonly<Record<string, unknown>>, bundle: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/')
        ? `${bundle}#/$defs/${child.slice('#/components/schemas/'.length)}`
        : rewriteRefs(child, bundle);
  }
  return out;
}

function componentSchemas(version: ApiVersion): Readonly<Record<string, unknown>> {
  const components = openApiDocument(version)['components'];
  const schemas = isRecord(components) ? components['schemas'] : undefined;
  return isRecord(schemas) ? schemas : {};
}

/** The ajv instance of a version, with every component schema registered (strict mode). */
export function ajvFor(version: ApiVersion): Ajv2020 {
  let ajv = instances.get(version);
  if (ajv === undefined) {
    // Strict mode, except strictRequired: if/then clauses require properties their parent declares.
    ajv = new Ajv2020({ strict: true, strictRequired: false, allErrors: true, allowUnionTypes: true });
    addFormats(ajv);
    // Annotations naming the rule that owns a schema's fields, and the one its closedness is checked by.
    ajv.addKeyword({ keyword: ruleKeyword, schemaType: 'string' });
    ajv.addKeyword({ keyword: closedRuleKeyword, schemaType: 'string' });
    const bundle = schemaBundleId(version);
    ajv.addSchema({ $id: bundle, $defs: rewriteRefs(componentSchemas(version), bundle) });
    instances.set(version, ajv);
  }
  return ajv;
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  const params: Record<string, unknown> = error.params;
  const extra =
    error.keyword === 'additionalProperties'
      ? ` "${String(params['additionalProperty'])}"`
      : error.keyword === 'enum'
        ? `: ${JSON.stringify(params['allowedValues'])}`
        : '';
  return `${where} ${error.message ?? error.keyword}${extra}`;
}

/** The annotation naming the rule that owns a schema and what lies below it. */
export const ruleKeyword = 'x-rule';
/** The annotation naming the rule an object's closedness (`additionalProperties: false`) is judged by. */
export const closedRuleKeyword = 'x-closed-rule';

function annotation(schema: unknown, keyword: string): string | undefined {
  const value = isRecord(schema) ? schema[keyword] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The component a `$ref` names (in the document's form or the bundle's), else undefined. */
function deref(schema: unknown, version: ApiVersion): unknown {
  const ref = isRecord(schema) ? schema['$ref'] : undefined;
  if (typeof ref !== 'string') return undefined;
  const name = /(?:#\/components\/schemas\/|#\/\$defs\/)([^/]+)$/.exec(ref)?.[1];
  return name === undefined ? undefined : componentSchemas(version)[name];
}

/** The subschema `schema` gives the member `key` of its instance (a property or an array item). */
function childSchema(schema: unknown, key: string, version: ApiVersion): unknown {
  if (!isRecord(schema)) return undefined;
  const properties = schema['properties'];
  if (isRecord(properties) && key in properties) return properties[key];
  if (/^\d+$/.test(key) && isRecord(schema['items'])) return schema['items'];
  const target = deref(schema, version);
  if (target !== undefined) return childSchema(target, key, version);
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const found = childSchema(branch, key, version);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The rule a schema node states: its own annotation, else the one of the component it refers to. */
function ruleOf(schema: unknown, version: ApiVersion): string | undefined {
  return annotation(schema, ruleKeyword) ?? annotation(deref(schema, version), ruleKeyword);
}

/**
 * The schemas met from `root` along the instance path `segments`, root first (as far as they go).
 */
function schemasAlong(root: unknown, segments: readonly string[], version: ApiVersion): unknown[] {
  const along: unknown[] = [root];
  let current = root;
  for (const segment of segments) {
    const next = childSchema(current, segment, version);
    if (next === undefined) break;
    along.push(next);
    current = next;
  }
  return along;
}

function pointerSegments(pointer: string): string[] {
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The schema a relative schema path (`allOf/0/then`) names from `base` (or the component it refers to). */
function resolvePath(base: unknown, segments: readonly string[], version: ApiVersion): unknown {
  let current = base;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      current = current[Number(segment)];
      continue;
    }
    if (!isRecord(current)) return undefined;
    if (segment in current) {
      current = current[segment];
      continue;
    }
    const target = deref(current, version);
    if (!isRecord(target) || !(segment in target)) return undefined;
    current = target[segment];
  }
  return current;
}

/**
 * The rule owning one schema error of a value validated against `root`: the `x-rule` of the nearest
 * annotated schema on the way to the field (a missing property is its own field, so a missing
 * `transactions` array is owned by what owns `transactions`); a conditional branch (`then`) annotated
 * with its own rule owns what it requires; an object's `x-closed-rule` owns a field it does not list.
 */
export function owningRule(root: unknown, error: ErrorObject, version: ApiVersion): string | undefined {
  const params: Record<string, unknown> = error.params;
  const segments = pointerSegments(error.instancePath);
  const along = schemasAlong(root, segments, version);
  if (error.keyword === 'additionalProperties') {
    const node = along.length === segments.length + 1 ? along[along.length - 1] : undefined;
    const closed = annotation(node, closedRuleKeyword) ?? annotation(deref(node, version), closedRuleKeyword);
    if (closed !== undefined) return closed;
  }
  // A conditional branch (if/then) states its own rule: found from the deepest schema on the way.
  const path = error.schemaPath
    .replace(/^[^#]*#\/?/, '')
    .split('/')
    .filter(Boolean);
  const branch = path.findIndex((s) => s === 'then' || s === 'else');
  if (branch >= 0)
    for (const node of [...along].reverse()) {
      const conditional = resolvePath(node, path.slice(0, branch + 1), version);
      const rule = annotation(conditional, ruleKeyword);
      if (rule !== undefined) return rule;
      if (conditional !== undefined) break;
    }
  const missing = error.keyword === 'required' ? params['missingProperty'] : undefined;
  const full =
    typeof missing === 'string' && along.length === segments.length + 1
      ? [...along, childSchema(along[along.length - 1], missing, version)]
      : along;
  let rule: string | undefined;
  for (const node of full) rule = ruleOf(node, version) ?? rule;
  return rule;
}

function wrap(validate: ValidateFunction, root: unknown, version: ApiVersion): Validator {
  return (value) => {
    if (validate(value)) return { valid: true, errors: [], issues: [] };
    // if/then failures repeat the inner error; keep the messages that say what is wrong.
    const issues: ValidationIssue[] = [];
    const seen = new Set<string>();
    for (const error of validate.errors ?? []) {
      if (error.keyword === 'if') continue;
      const message = describe(error);
      if (seen.has(message)) continue;
      seen.add(message);
      issues.push({ message, at: error.instancePath, rule: owningRule(root, error, version) });
    }
    return { valid: false, errors: issues.map((i) => i.message), issues };
  };
}

/** A validator for a named component schema of a version (e.g. `Account`, `ConsentRequest`). */
export function schemaValidator(name: string, version: ApiVersion): Validator {
  const key = `${version} ${name}`;
  let validator = schemaCache.get(key);
  if (validator === undefined) {
    if (!(name in componentSchemas(version))) {
      throw new SpecError('ERR_SPEC_UNKNOWN_SCHEMA', `no schema ${name} in the ${version} document`, {
        hint: `Known schemas: ${Object.keys(componentSchemas(version)).join(', ')}.`,
      });
    }
    const ajv = ajvFor(version);
    const compiled = ajv.getSchema(`${schemaBundleId(version)}#/$defs/${name}`);
    if (compiled === undefined)
      throw new SpecError('ERR_SPEC_INVALID', `schema ${name} of ${version} did not compile`);
    validator = wrap(compiled, componentSchemas(version)[name], version);
    schemaCache.set(key, validator);
  }
  return validator;
}

function resolveResponse(version: ApiVersion, response: unknown): unknown {
  if (isRecord(response) && typeof response['$ref'] === 'string') {
    const name = response['$ref'].replace('#/components/responses/', '');
    const components = openApiDocument(version)['components'];
    const responses = isRecord(components) ? components['responses'] : undefined;
    return isRecord(responses) ? responses[name] : undefined;
  }
  return response;
}

/** The schema of the JSON body of a documented response, or undefined. */
function responseSchema(
  version: ApiVersion,
  method: string,
  path: string,
  status: number,
): { key: string; schema: unknown } | undefined {
  const operation = operationObject(version, method, path);
  if (operation === undefined) return undefined;
  const responses = operation['responses'];
  const declared = isRecord(responses) ? (responses[String(status)] ?? responses['default']) : undefined;
  const response = resolveResponse(version, declared);
  const content = isRecord(response) ? response['content'] : undefined;
  const media = isRecord(content) ? content['application/json'] : undefined;
  return {
    key: `${version} ${String(operation['operationId'])} ${status}`,
    schema: isRecord(media) ? media['schema'] : undefined,
  };
}

/**
 * The rule that owns the JSON body of the response `status` to `method` on `path` as a whole (the
 * `x-rule` of its schema), or undefined when the body is undocumented or its schema not annotated.
 */
export function responseRule(
  version: ApiVersion,
  method: string,
  path: string,
  status: number,
): string | undefined {
  const schema = responseSchema(version, method, path, status)?.schema;
  return schema === undefined ? undefined : ruleOf(schema, version);
}

/**
 * A validator for the JSON body of the response `status` to `method` on `path` (a full path), or
 * undefined when the operation is unknown, the status undocumented, or the response has no JSON body.
 */
export function responseValidator(
  version: ApiVersion,
  method: string,
  path: string,
  status: number,
): Validator | undefined {
  const found = responseSchema(version, method, path, status);
  if (found === undefined) return undefined;
  const { key, schema } = found;
  const cached = responseCache.get(key);
  if (cached !== undefined) return cached ?? undefined;
  const validator = isRecord(schema)
    ? wrap(ajvFor(version).compile(rewriteSchema(schema, schemaBundleId(version))), schema, version)
    : null;
  responseCache.set(key, validator);
  return validator ?? undefined;
}
