/**
 * Resolves the version markers of `spec/source/` (`x-versions`, `x-by-version`) into one version's
 * document, or into the superset of every version (for the generated TypeScript types).
 */
import { apiVersions } from '../../spec/lib/versions.ts';
import type { ApiVersion } from '../../spec/lib/versions.ts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A version to resolve for, or `superset`: every property of every version, variants as anyOf. */
export type Resolution = ApiVersion | 'superset';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keeps(value: unknown, target: Resolution): boolean {
  if (!isObject(value) || !Array.isArray(value['x-versions'])) return true;
  const versions: unknown[] = value['x-versions'];
  return target === 'superset' || versions.includes(target);
}

/** True when a marked object exists in every version (so the superset may keep it required). */
function inEveryVersion(value: unknown): boolean {
  if (!isObject(value) || !Array.isArray(value['x-versions'])) return true;
  const versions: unknown[] = value['x-versions'];
  return apiVersions.every((v) => versions.includes(v));
}

function byVersion(value: Record<string, unknown>, target: Resolution): Record<string, unknown> {
  const variants = value['x-by-version'];
  if (!isObject(variants)) return value;
  const { 'x-by-version': _dropped, ...rest } = value;
  if (target !== 'superset') {
    const chosen = variants[target] ?? variants['default'];
    return isObject(chosen) ? { ...rest, ...chosen } : rest;
  }
  const distinct = Object.values(variants).filter(isObject);
  // Only schema-shaped variants become anyOf; examples-only variants are dropped from the superset.
  const schemas = distinct.filter((v) => 'type' in v || 'anyOf' in v || 'enum' in v);
  if (schemas.length === 0) return rest;
  return { ...rest, anyOf: schemas };
}

/** Returns `value` with every marker resolved for `target` and `<version>` replaced in strings. */
export function resolveVersion(value: unknown, target: Resolution): Json {
  const text = target === 'superset' ? '{version}' : target;
  if (typeof value === 'string') return value.replaceAll('<version>', text);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (Array.isArray(value)) {
    return value.filter((item) => keeps(item, target)).map((item) => resolveVersion(item, target));
  }
  if (!isObject(value)) throw new TypeError(`not JSON: a ${typeof value}`);
  const merged = byVersion(value, target);
  const out: Record<string, Json> = {};
  for (const [key, child] of Object.entries(merged)) {
    if (key === 'x-versions' || key === 'x-anchors') continue;
    if (!keeps(child, target)) continue;
    out[key.replaceAll('<version>', text)] =
      key === 'parameters' && Array.isArray(child)
        ? resolveVersion(child.flat(), target)
        : resolveVersion(child, target);
  }
  if (Array.isArray(out['required']) && isObject(merged['properties'])) {
    // A property absent from the version (or not in every version, for the superset) is not required.
    const properties = merged['properties'];
    const required: Json[] = out['required'];
    out['required'] = required.filter((name) => {
      if (typeof name !== 'string') return true;
      const property = properties[name];
      return keeps(property, target) && (target !== 'superset' || inEveryVersion(property));
    });
  }
  return out;
}
