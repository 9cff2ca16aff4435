/**
 * Status code conformance of a run (Schemathesis' status_code_conformance), judged on each case's own
 * exchanges, so shards and filters see exactly the cases they ran:
 *
 * - a status contrary to what the seed states for the operation or for the error code carried
 *   (`spec/seed-statuses.yaml`, `spec/errors.yaml`: PUT /consents answered 200, not 201) is a finding of
 *   the seed rule stating it;
 * - a status the seed says nothing against but the OpenAPI document does not list for the operation
 *   is a finding of TRN-STATUS-DOCUMENTED, a choice (the documents are ours): advisory.
 */
import {
  contraryStatus,
  documentedStatuses,
  isApiVersion,
  matchOperation,
  type ApiVersion,
  type ContraryStatus,
} from '../../spec/lib/index.ts';
import type { Failure, HeaderMap, StepResult } from '../report/model.ts';
import { choiceOnly } from './rule-basis.ts';

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

/** One answer whose status is contrary to the seed. */
export interface ContraryAnswer extends ContraryStatus {
  method: string;
  path: string;
  status: number;
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

function headerOf(headers: HeaderMap, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The code of an error body: `message` of the STET ErrorModel, `error` of an RFC 6749 body. */
function errorCode(status: number, body: string | undefined): string | undefined {
  if (status < 400 || body === undefined) return undefined;
  try {
    const json: unknown = JSON.parse(body);
    if (typeof json !== 'object' || json === null) return undefined;
    const code = 'message' in json ? json.message : 'error' in json ? json.error : undefined;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

interface Answer {
  version: ApiVersion;
  method: string;
  path: string;
  status: number;
  requestHeaders: HeaderMap;
  body: string | undefined;
}

function answers(steps: readonly StepResult[], caseVersion: ApiVersion): Answer[] {
  const list: Answer[] = [];
  for (const step of steps)
    for (const { request, response } of step.transcript) {
      if (response === undefined || !URL.canParse(request.url)) continue;
      const path = new URL(request.url).pathname;
      const version = documentVersion(path, caseVersion);
      if (version === undefined) continue;
      list.push({
        version,
        method: request.method.toUpperCase(),
        path,
        status: response.status,
        requestHeaders: request.headers,
        body: response.body,
      });
    }
  return list;
}

function contraryOf(answer: Answer): ContraryStatus | undefined {
  const code = errorCode(answer.status, answer.body);
  return contraryStatus({
    version: answer.version,
    method: answer.method,
    path: answer.path,
    status: answer.status,
    header: (name) => headerOf(answer.requestHeaders, name),
    ...(code === undefined ? {} : { code }),
  });
}

/** Every exchange of `steps` answered with a status contrary to the seed (first of each rule and operation). */
export function contraryStatuses(steps: readonly StepResult[], caseVersion: ApiVersion): ContraryAnswer[] {
  const found = new Map<string, ContraryAnswer>();
  for (const answer of answers(steps, caseVersion)) {
    const contrary = contraryOf(answer);
    if (contrary === undefined) continue;
    const key = `${contrary.rule} ${answer.method} ${answer.path} ${answer.status}`;
    if (!found.has(key))
      found.set(key, { ...contrary, method: answer.method, path: answer.path, status: answer.status });
  }
  return [...found.values()];
}

/**
 * Every exchange of `steps` answered with a status its operation does not document (first of each
 * kind); a status contrary to the seed is left to {@link contraryStatuses}.
 */
export function undocumentedStatuses(
  steps: readonly StepResult[],
  caseVersion: ApiVersion,
): UndocumentedStatus[] {
  const found = new Map<string, UndocumentedStatus>();
  for (const answer of answers(steps, caseVersion)) {
    const { version, method, path, status } = answer;
    const documented = documentedStatuses(version, method, path);
    const match = matchOperation(version, method, path);
    if (documented === undefined || match === undefined || documented.includes(status)) continue;
    if (contraryOf(answer) !== undefined) continue;
    const key = `${version} ${method} ${match.pathTemplate} ${status}`;
    if (!found.has(key))
      found.set(key, { version, method, operation: match.pathTemplate, status, documented });
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

/** The status finding of a case: the rules it is filed under, what it says, and whether it is advisory. */
export interface StatusConformance {
  rules: string[];
  finding: Failure;
  advisory: boolean;
}

/**
 * The status finding of a case's exchanges, or undefined when every status conforms: the statuses
 * contrary to the seed (a failure, unless every rule at stake is live-only and the host a sandbox)
 * and, when there are none, the statuses the documents do not list (advisory).
 */
export function statusConformance(
  steps: readonly StepResult[],
  caseVersion: ApiVersion,
  options: { sandbox?: boolean } = {},
): StatusConformance | undefined {
  const contrary = contraryStatuses(steps, caseVersion);
  if (contrary.length > 0) {
    const rules = [...new Set(contrary.map((c) => c.rule))];
    return {
      rules,
      finding: {
        message: contrary.map((c) => c.message).join('; '),
        expected: contrary.map((c) => `${c.method} ${c.path}: ${c.expected.join(', ')}`),
        actual: contrary.map((c) => `${c.method} ${c.path}: ${c.status}`),
      },
      advisory: choiceOnly(rules, options),
    };
  }
  const undocumented = undocumentedStatuses(steps, caseVersion);
  if (undocumented.length === 0) return undefined;
  return {
    rules: [statusDocumentedRule],
    finding: {
      message: describeUndocumented(undocumented),
      expected: undocumented.map((u) => `${u.method} ${u.operation}: ${u.documented.join(', ')}`),
      actual: undocumented.map((u) => `${u.method} ${u.operation}: ${u.status}`),
    },
    advisory: choiceOnly([statusDocumentedRule], options),
  };
}
