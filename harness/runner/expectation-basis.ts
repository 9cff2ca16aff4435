/**
 * The part of a status assertion that is ours whatever rule judges the assertion: a bank refusing for
 * a code the seed gives no status for (`statusIsChoice`, or a code of ours, in spec/errors.yaml) may
 * pick another 4xx than the reference (docs/verdicts.md). The kind-owned rules of the other assertions
 * (error bodies, headers, codes of ours) are resolved when the suite loads: harness/suite/expectation-rules.ts.
 */
import { lookupError } from '../../spec/lib/index.ts';

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
