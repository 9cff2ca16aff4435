/**
 * The part of a status assertion that is ours whatever rule judges the assertion: a bank refusing for
 * a code the seed gives no status for (`statusIsChoice`, or a code of ours, in spec/errors.yaml) may
 * pick another 4xx than the reference (docs/verdicts.md). The kind-owned rules of the other assertions
 * (error bodies, headers, codes of ours) are resolved when the suite loads: harness/suite/expectation-rules.ts.
 */
import { lookupError, seedStatuses, type ApiVersion } from '../../spec/lib/index.ts';

type Basis = { rules: readonly string[] } | Record<string, never>;

/**
 * A `status:` check with an expected code answered with another refusal status, for a code the seed
 * gives none: `ERR-STATUS-OF-CODE` judges it (a success instead of the refusal stays the step's).
 */
export function basisOfStatusCheck(
  expected: readonly number[],
  actual: number | undefined,
  code: string | undefined,
): Basis {
  if (code === undefined || actual === undefined || actual < 400 || actual > 499) return {};
  if (!expected.every((status) => status >= 400 && status <= 499)) return {};
  const entry = lookupError(code);
  return entry !== undefined && (entry.statusIsChoice || entry.origin === 'reference')
    ? { rules: ['ERR-STATUS-OF-CODE'] }
    : {};
}

/** The request a status answered, as far as the seed's statuses depend on it. */
export interface AnsweredOperation {
  version: ApiVersion;
  method: string;
  /** The full path, without query. */
  path: string;
  header?: (name: string) => string | undefined;
}

const isSuccess = (status: number): boolean => status >= 200 && status < 400;

/**
 * A `status:` check expecting a success, answered with another success, on an operation whose success
 * status the seed does not state (a payment initiation, a cancellation, a registration: "Response: not
 * shown"): the exact status is our OpenAPI document's, `TRN-STATUS-DOCUMENTED`. Where the seed states it
 * (201 for PUT /consents, spec/seed-statuses.yaml) the step's rule judges it.
 */
export function basisOfSuccessStatus(
  expected: readonly number[],
  actual: number | undefined,
  operation: AnsweredOperation | undefined,
): Basis {
  if (operation === undefined || actual === undefined || !isSuccess(actual)) return {};
  if (!expected.every(isSuccess)) return {};
  const stated = seedStatuses(operation.version, operation.method, operation.path, operation.header);
  return stated === undefined ? { rules: ['TRN-STATUS-DOCUMENTED'] } : {};
}
