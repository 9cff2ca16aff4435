import { describe, expect, it } from 'vitest';
import { evaluateExpectations } from '../../../../harness/runner/expectations.ts';
import type { StepOutcome } from '../../../../harness/runner/step-outcome.ts';
import type { Expectations } from '../../../../harness/suite/suite-definition.ts';

const page: StepOutcome = {
  status: 403,
  headers: { 'content-type': 'text/html' },
  body: undefined,
  text: '<form method="post"><p class="error" data-code="IPSU">Unknown identifier.</p><input name="identifier"></form>',
};

function failuresOf(text: Expectations['text'], outcome: StepOutcome = page): string[] {
  const expect: Expectations = {
    headers: {},
    rules: {},
    json: [],
    every: [],
    links: [],
    ...(text === undefined ? {} : { text }),
  };
  return evaluateExpectations(expect, outcome, {
    version: 'v1.6.2',
    schemas: () => () => ({ valid: true, errors: [] }),
    expectedOf: (value) => value,
  }).map((f) => f.message);
}

describe('text expectation', () => {
  it('passes when the raw body matches', () => {
    expect(failuresOf({ matches: 'data-code="IPSU"' })).toEqual([]);
  });

  it('fails when the raw body does not match, naming the body text', () => {
    expect(failuresOf({ matches: 'name="otp"' })).toEqual(['body text does not match /name="otp"/']);
  });

  it('treats an empty body as no text', () => {
    const empty: StepOutcome = { status: 201, headers: {}, body: undefined, text: '' };
    expect(failuresOf({ exists: false }, empty)).toEqual([]);
    expect(failuresOf({ exists: false })).toEqual(['body text is present but must be absent']);
  });
});
