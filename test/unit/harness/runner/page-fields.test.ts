import { describe, expect, it } from 'vitest';
import { evaluateExpectations, type ExpectationContext } from '../../../../harness/runner/expectations.ts';
import { PagesUnseenError } from '../../../../harness/runner/page-fields.ts';
import type { StepOutcome } from '../../../../harness/runner/step-outcome.ts';
import type { Expectations } from '../../../../harness/suite/suite-definition.ts';

const ctx: ExpectationContext = {
  version: 'v1.6.2',
  schemas: () => () => ({ valid: true, errors: [] }),
  expectedOf: (value) => value,
};

function journey(pageFields: string[] | undefined): StepOutcome {
  return {
    status: undefined,
    headers: {},
    body: { code: 'c', state: 's' },
    text: 'code=c&state=s',
    ...(pageFields === undefined ? {} : { pageFields }),
  };
}

const expectFields = (present: string[], absent: string[]): Expectations => ({
  headers: {},
  json: [],
  every: [],
  links: [],
  rules: {},
  pageFields: { present, absent },
});

describe('the pageFields expectation', () => {
  it('passes when the asked-for fields were shown and the forbidden ones were not', () => {
    const outcome = journey(['otp', 'decision', 'account']);
    expect(evaluateExpectations(expectFields(['otp', 'account'], ['identifier']), outcome, ctx)).toEqual([]);
  });

  it('fails when a page asked for a field the case says must be skipped', () => {
    const outcome = journey(['identifier', 'otp', 'decision']);
    expect(evaluateExpectations(expectFields([], ['identifier']), outcome, ctx)).toEqual([
      {
        message: 'a journey page asked for identifier',
        expected: { absent: ['identifier'] },
        actual: ['identifier', 'otp', 'decision'],
      },
    ]);
  });

  it('fails when no page asked for a field the case expects', () => {
    const outcome = journey(['otp', 'decision']);
    expect(evaluateExpectations(expectFields(['identifier'], []), outcome, ctx)).toEqual([
      {
        message: 'no journey page asked for identifier',
        expected: { present: ['identifier'] },
        actual: ['otp', 'decision'],
      },
    ]);
  });

  it('errors rather than passing when the driver could not see the pages', () => {
    expect(() => evaluateExpectations(expectFields([], ['identifier']), journey(undefined), ctx)).toThrow(
      PagesUnseenError,
    );
  });
});
