/**
 * The statuses the OpenAPI document lists for an operation: a response with any other status is a
 * deviation of the document (Schemathesis' status_code_conformance).
 */
import { operationObject } from './openapi.ts';
import type { ApiVersion } from './versions.ts';

/**
 * The HTTP statuses `responses` lists for the operation serving `method` on `path` (full path, query
 * ignored) in `version`, ascending; a range key (`4XX`) stands for its hundred statuses. Undefined when
 * no operation matches, or when the operation has a `default` response (every status is documented).
 */
export function documentedStatuses(version: ApiVersion, method: string, path: string): number[] | undefined {
  const responses = operationObject(version, method, path)?.['responses'];
  if (typeof responses !== 'object' || responses === null || 'default' in responses) return undefined;
  const statuses = new Set<number>();
  for (const key of Object.keys(responses)) {
    if (/^\d{3}$/.test(key)) statuses.add(Number(key));
    else if (/^[1-5]XX$/i.test(key))
      for (let s = Number(key[0]) * 100; s < Number(key[0]) * 100 + 100; s += 1) statuses.add(s);
  }
  return [...statuses].sort((a, b) => a - b);
}
