/**
 * Status code conformance of a run (Schemathesis' status_code_conformance, rule TRN-STATUS-DOCUMENTED):
 * every answer a case received for an operation of the OpenAPI documents has a status the document
 * lists for that operation. Judged on the case's own exchanges, so shards and filters see exactly the
 * cases they ran.
 */
import { documentedStatuses, isApiVersion, matchOperation } from '../../spec/lib/index.ts';
import type { ApiVersion } from '../../spec/lib/index.ts';
import type { StepResult } from '../report/model.ts';

/** The rule an undocumented status breaks. */
export const statusDocumentedRule = 'TRN-STATUS-DOCUMENTED';

/** One answer whose status the document does not list for its operation. */
export interface UndocumentedStatus {
  version: ApiVersion;
  method: string;
  /** The operation's path template, e.g. `/stet/psd2/v1.6.2/payment-requests/{paymentRequestResourceId}`. */
  operation: string;
  status: number;
  /** The statuses the document lists. */
  documented: number[];
}

/**
 * The document version of a path: its version segment, or the case's for paths without one (OAuth,
 * registration). Undefined for a segment that is not a version (no document describes it).
 */
function documentVersion(path: string, caseVersion: ApiVersion): ApiVersion | undefined {
  const segment = /^\/stet\/psd2\/(v[^/]*)(?:\/|$)/.exec(path)?.[1];
  if (segment === undefined) return caseVersion;
  return isApiVersion(segment) ? segment : undefined;
}

/** Every exchange of `steps` answered with a status its operation does not document (first of each kind). */
export function undocumentedStatuses(
  steps: readonly StepResult[],
  caseVersion: ApiVersion,
): UndocumentedStatus[] {
  const found = new Map<string, UndocumentedStatus>();
  for (const step of steps) {
    for (const { request, response } of step.transcript) {
      if (response === undefined) continue;
      let path: string;
      try {
        path = new URL(request.url).pathname;
      } catch {
        continue;
      }
      const version = documentVersion(path, caseVersion);
      if (version === undefined) continue;
      const documented = documentedStatuses(version, request.method, path);
      const match = matchOperation(version, request.method, path);
      if (documented === undefined || match === undefined || documented.includes(response.status)) continue;
      const key = `${version} ${request.method} ${match.pathTemplate} ${response.status}`;
      if (!found.has(key)) {
        found.set(key, {
          version,
          method: request.method.toUpperCase(),
          operation: match.pathTemplate,
          status: response.status,
          documented,
        });
      }
    }
  }
  return [...found.values()];
}

/** One line per undocumented status, for a finding's message. */
export function describeUndocumented(list: readonly UndocumentedStatus[]): string {
  return list
    .map(
      (u) =>
        `${u.status} is not a status the ${u.version} OpenAPI document lists for ${u.method} ${u.operation} (${statusDocumentedRule})`,
    )
    .join('; ');
}
