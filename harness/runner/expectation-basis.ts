/**
 * Which single checks of a step are about our choices rather than the seed, whatever rules the step
 * checks: so a bank answering the seed's refusal with another error body, media type or status than
 * the reference's gets an advisory finding, not a failure (docs/verdicts.md).
 *
 * - the error body's shape (STET ErrorModel, RFC 6749 body): `ERR-STET-BODY`, `ERR-OAUTH-BODY`;
 * - the media type (the seed names none): `TRN-JSON-RESPONSES`;
 * - the status of a refusal whose code has no status in the seed (`statusIsChoice` in spec/errors.yaml),
 *   when the answer is still a refusal (4xx): `ERR-STATUS-OF-CODE`;
 * - a code of our own for a refusal the seed describes without one (`origin: reference`, or
 *   `codeIsChoice`): `ERR-REFERENCE-CODE`.
 */
import { lookupError } from '../../spec/lib/index.ts';

type Basis = { rules: readonly string[] } | Record<string, never>;

const errorBodies: Readonly<Record<string, string>> = {
  ErrorModel: 'ERR-STET-BODY',
  OAuthError: 'ERR-OAUTH-BODY',
};

/** A `schema:` check: the error bodies' shapes are ours. */
export function basisOfSchemaCheck(schema: string): Basis {
  const rule = errorBodies[schema];
  return rule === undefined ? {} : { rules: [rule] };
}

/** A `headers:` check: the media type is ours. */
export function basisOfHeaderCheck(name: string): Basis {
  return name.toLowerCase() === 'content-type' ? { rules: ['TRN-JSON-RESPONSES'] } : {};
}

/** A `status:` check with an expected code: another refusal status for a code the seed gives none. */
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

/** An `error:` check: a code of our own where the seed names none. */
export function basisOfCodeCheck(code: string): Basis {
  const entry = lookupError(code);
  return entry !== undefined && (entry.origin === 'reference' || entry.codeIsChoice)
    ? { rules: ['ERR-REFERENCE-CODE'] }
    : {};
}
