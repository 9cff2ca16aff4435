import { describe, expect, it } from 'vitest';
import { evaluateExpectations } from '../../../../harness/runner/expectations.ts';
import type { StepOutcome } from '../../../../harness/runner/step-outcome.ts';
import type { Expectations, PathCheck } from '../../../../harness/suite/suite-definition.ts';

const outcome: StepOutcome = {
  status: 200,
  headers: {},
  body: {
    transactions: [
      { resourceId: 't1', status: 'BOOK', bookingDate: '2026-10-31', _links: { self: { href: '/t1' } } },
      { resourceId: 't2', status: 'PDNG', _links: {} },
    ],
  },
  text: '',
};

const captured = new Map<string, string>([
  ['pendingId', 't2'],
  ['debitDay', '2026-10-31'],
]);

/** Fills `{{name}}` from the captured values, as the runner's expectedOf does. */
function fillFromCaptures(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => captured.get(name) ?? '');
}

function failuresOf(json: PathCheck[], every: PathCheck[] = [], links: Expectations['links'] = []): string[] {
  const expectations: Expectations = { headers: {}, json, every, links, rules: {} };
  return evaluateExpectations(expectations, outcome, {
    version: 'v1.6.2',
    schemas: () => () => ({ valid: true, errors: [] }),
    expectedOf: fillFromCaptures,
  }).map((f) => f.message);
}

describe('captured values in a check path', () => {
  it('selects the entry a filter names by a captured value', () => {
    expect(
      failuresOf([{ path: "$.transactions[?(@.resourceId=='{{pendingId}}')].status", equals: 'PDNG' }]),
    ).toEqual([]);
  });

  it('fails when the entry the captured value names has another value, naming the filled path', () => {
    expect(
      failuresOf([{ path: "$.transactions[?(@.resourceId=='{{pendingId}}')].status", equals: 'BOOK' }]),
    ).toEqual(["$.transactions[?(@.resourceId=='t2')].status differs"]);
  });

  it('fills every-paths too, and an empty selection of a filled path is still a failure', () => {
    expect(
      failuresOf([], [{ path: "$.transactions[?(@.bookingDate=='{{debitDay}}')].status", equals: 'BOOK' }]),
    ).toEqual([]);
    expect(
      failuresOf(
        [],
        [{ path: "$.transactions[?(@.resourceId=='{{pendingId}}')].bookingDate", exists: true }],
      ),
    ).toEqual([
      "$.transactions[?(@.resourceId=='t2')].bookingDate selects nothing (every needs at least one value)",
    ]);
  });

  it('fills the at-path of a links check', () => {
    const at = "$.transactions[?(@.resourceId=='{{pendingId}}')]._links";
    expect(failuresOf([], [], [{ at, present: ['self'], absent: [] }])).toEqual([
      "$.transactions[?(@.resourceId=='{{pendingId}}')]._links lacks self",
    ]);
    expect(failuresOf([], [], [{ at, present: [], absent: ['self'] }])).toEqual([]);
  });
});
