/**
 * The rule of `spec/rules.yaml` that owns a field of a body: the schemas of `spec/source/components.yaml`
 * carry `x-rule` (the rule owning the schema or property and what lies below it, down to the next
 * annotated one; a conditional `then` branch may name its own) and `x-closed-rule` (the rule a field an
 * object does not list is judged by). A schema error is filed under the rule owning its field, so the
 * judging reads that rule's basis: a field of our choosing is advisory, a field of the seed's fails.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';

/** The component schemas of a document, by name (the targets of `#/components/schemas/<name>`). */
export type Components = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The annotation naming the rule that owns a schema and what lies below it. */
const ruleKeyword = 'x-rule';
/** The annotation naming the rule an object's closedness (`additionalProperties: false`) is judged by. */
const closedRuleKeyword = 'x-closed-rule';
/** The annotation keywords, which a validator must know (ajv strict mode refuses unknown keywords). */
export const ruleKeywords: readonly string[] = [ruleKeyword, closedRuleKeyword];

function annotation(schema: unknown, keyword: string): string | undefined {
  const value = isRecord(schema) ? schema[keyword] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The component a `$ref` names (in the document's form or the bundle's), else undefined. */
function deref(schema: unknown, defs: Components): unknown {
  const ref = isRecord(schema) ? schema['$ref'] : undefined;
  if (typeof ref !== 'string') return undefined;
  const name = /(?:#\/components\/schemas\/|#\/\$defs\/)([^/]+)$/.exec(ref)?.[1];
  return name === undefined ? undefined : defs[name];
}

/** The subschema `schema` gives the member `key` of its instance (a property or an array item). */
function childSchema(schema: unknown, key: string, defs: Components): unknown {
  if (!isRecord(schema)) return undefined;
  const properties = schema['properties'];
  if (isRecord(properties) && key in properties) return properties[key];
  if (/^\d+$/.test(key) && isRecord(schema['items'])) return schema['items'];
  const target = deref(schema, defs);
  if (target !== undefined) return childSchema(target, key, defs);
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const found = childSchema(branch, key, defs);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The rule a schema node states: its own annotation, else the one of the component it refers to. */
export function schemaRule(schema: unknown, defs: Components): string | undefined {
  return annotation(schema, ruleKeyword) ?? annotation(deref(schema, defs), ruleKeyword);
}

/**
 * The schemas met from `root` along the instance path `segments`, root first (as far as they go).
 */
function schemasAlong(root: unknown, segments: readonly string[], defs: Components): unknown[] {
  const along: unknown[] = [root];
  let current = root;
  for (const segment of segments) {
    const next = childSchema(current, segment, defs);
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
function resolvePath(base: unknown, segments: readonly string[], defs: Components): unknown {
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
    const target = deref(current, defs);
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
export function owningRule(root: unknown, error: ErrorObject, defs: Components): string | undefined {
  const params: Record<string, unknown> = error.params;
  const segments = pointerSegments(error.instancePath);
  const along = schemasAlong(root, segments, defs);
  if (error.keyword === 'additionalProperties') {
    const node = along.length === segments.length + 1 ? along[along.length - 1] : undefined;
    const closed = annotation(node, closedRuleKeyword) ?? annotation(deref(node, defs), closedRuleKeyword);
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
      const conditional = resolvePath(node, path.slice(0, branch + 1), defs);
      const rule = annotation(conditional, ruleKeyword);
      if (rule !== undefined) return rule;
      if (conditional !== undefined) break;
    }
  const missing = error.keyword === 'required' ? params['missingProperty'] : undefined;
  const full =
    typeof missing === 'string' && along.length === segments.length + 1
      ? [...along, childSchema(along[along.length - 1], missing, defs)]
      : along;
  let rule: string | undefined;
  for (const node of full) rule = schemaRule(node, defs) ?? rule;
  return rule;
}
