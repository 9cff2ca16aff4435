/**
 * The `pageFields` expectation of a journey step: which form fields the bank's pages showed the PSU,
 * so a case can tell that a screen was skipped (no `identifier` page when the TPP supplied the PSU's
 * identification) or shown.
 */
import { CodedError } from '../../lib/coded-error.ts';
import type { Expectations } from '../suite/suite-definition.ts';
import type { CheckFailure } from './check-value.ts';
import type { StepOutcome } from './step-outcome.ts';

/**
 * The journey driver cannot see the pages (manual driver, a browser driven by target steps): the
 * expectation cannot be judged, a harness limit rather than a fault of the bank, so the case errors.
 */
export class PagesUnseenError extends CodedError<'ERR_JOURNEY_PAGES_UNSEEN'> {
  constructor() {
    super('ERR_JOURNEY_PAGES_UNSEEN', 'the journey driver does not report the pages it went through', {
      hint: 'drive personas of cases with pageFields with the http driver',
    });
  }
}

/** Failures of `expected` on the field names a journey's pages showed; throws when they are unknown. */
export function checkPageFields(
  expected: NonNullable<Expectations['pageFields']>,
  outcome: StepOutcome,
): CheckFailure[] {
  const seen = outcome.pageFields;
  if (seen === undefined) throw new PagesUnseenError();
  const failures: CheckFailure[] = [];
  const missing = expected.present.filter((name) => !seen.includes(name));
  const unwanted = expected.absent.filter((name) => seen.includes(name));
  if (missing.length > 0)
    failures.push({
      message: `no journey page asked for ${missing.join(', ')}`,
      expected: { present: expected.present },
      actual: seen,
    });
  if (unwanted.length > 0)
    failures.push({
      message: `a journey page asked for ${unwanted.join(', ')}`,
      expected: { absent: expected.absent },
      actual: seen,
    });
  return failures;
}
