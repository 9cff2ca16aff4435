/**
 * Compiled ajv validators for the schemas of a version's OpenAPI document and for the response of an
 * operation. Each validator is compiled once, on first use, and cached: a call costs microseconds.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { openApiDocument, operationObject } from './openapi.ts';
import { owningRule, ruleKeywords, schemaRule } from './owning-rule.ts';
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
    for (const keyword of ruleKeywords) ajv.addKeyword({ keyword, schemaType: 'string' });
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
      issues.push({
        message,
        at: error.instancePath,
        rule: owningRule(root, error, componentSchemas(version)),
      });
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
  return schema === undefined ? undefined : schemaRule(schema, componentSchemas(version));
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
