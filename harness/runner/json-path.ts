/**
 * JSONPath queries over response bodies (jsonpath-plus), returning the matched values.
 */
import { JSONPath } from 'jsonpath-plus';

/** Every value `path` selects in `document` (empty when none, or when there is no document). */
export function queryJson(document: unknown, path: string): unknown[] {
  const json = asJson(document);
  if (json === undefined) return [];
  if (path === '$') return [json];
  // eval: 'safe' keeps filter expressions ([?(@.status=='BOOK')]) without running arbitrary code.
  const result: unknown = JSONPath({ path, json, wrap: true, eval: 'safe' });
  return Array.isArray(result) ? result : [];
}

/** A value `path` selected, with where it is in the document (`$.transactions[3].bookingDate`). */
export interface JsonMatch {
  value: unknown;
  at: string;
}

/**
 * Every value `path` selects in `document` with its location, so a failure names the array element
 * it is about rather than the filter that found it.
 */
export function queryJsonMatches(document: unknown, path: string): JsonMatch[] {
  const json = asJson(document);
  if (json === undefined) return [];
  if (path === '$') return [{ value: json, at: '$' }];
  const result: unknown = JSONPath({ path, json, wrap: true, eval: 'safe', resultType: 'all' });
  if (!Array.isArray(result)) return [];
  return result.map((item: unknown) => {
    const fields =
      typeof item === 'object' && item !== null
        ? new Map<string, unknown>(Object.entries(item))
        : new Map<string, unknown>();
    const location = fields.get('path');
    return {
      value: fields.get('value'),
      at: typeof location === 'string' ? readablePath(location) : path,
    };
  });
}

/** `$['transactions'][3]['bookingDate']` → `$.transactions[3].bookingDate` (bracketed when needed). */
function readablePath(normalized: string): string {
  return normalized.replace(/\['([^']*)'\]/g, (all, key: string) =>
    /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) ? `.${key}` : all,
  );
}

function asJson(value: unknown): null | boolean | number | string | object | undefined {
  if (value === null || typeof value === 'object') return value;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  return undefined;
}
