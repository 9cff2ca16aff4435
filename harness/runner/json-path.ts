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

function asJson(value: unknown): null | boolean | number | string | object | undefined {
  if (value === null || typeof value === 'object') return value;
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return value;
  return undefined;
}
