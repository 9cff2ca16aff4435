import { describe, expect, it } from 'vitest';
import { evaluateExpectations, type ExpectationContext } from '../../../../harness/runner/expectations.ts';
import { queryJson } from '../../../../harness/runner/json-path.ts';
import type { StepOutcome } from '../../../../harness/runner/step-outcome.ts';
import type { Expectations } from '../../../../harness/suite/suite-definition.ts';

const empty: Expectations = { headers: {}, json: [], every: [], links: [], rules: {} };
const ctx: ExpectationContext = {
  version: 'v1.4.2',
  schemas: () => (value) => ({
    valid: typeof value === 'object',
    errors: typeof value === 'object' ? [] : ['not an object'],
  }),
  expectedOf: (value) => (value === '{{from}}' ? '2025-01-10' : value === '{{to}}' ? '2025-01-20' : value),
};

function outcome(body: unknown, status = 200, headers: Record<string, string> = {}): StepOutcome {
  return { status, headers, body, text: JSON.stringify(body) };
}

const transactions = {
  transactions: [
    { status: 'BOOK', bookingDate: '2025-01-10', amount: '12.50' },
    { status: 'BOOK', bookingDate: '2025-01-19', amount: '3' },
    { status: 'PDNG', expectedBookingDate: '2025-01-25' },
  ],
  _links: { self: { href: '/x' }, next: { href: '/x?page=2' } },
};

describe('evaluateExpectations', () => {
  it('passes when every expectation holds', () => {
    const expect_: Expectations = {
      ...empty,
      status: [200],
      headers: { 'x-request-id': { equals: 'abc' } },
      schema: 'TransactionList',
      json: [
        { path: '$.transactions', count: 3 },
        { path: '$.transactions[0].amount', gt: 12 },
        { path: '$.missing', exists: false },
      ],
      every: [{ path: "$.transactions[?(@.status=='BOOK')].bookingDate", gte: '{{from}}', lt: '{{to}}' }],
      links: [{ at: '$._links', present: ['self', 'next'], absent: ['previous'] }],
    };
    expect(evaluateExpectations(expect_, outcome(transactions, 200, { 'x-request-id': 'abc' }), ctx)).toEqual(
      [],
    );
  });

  it('reports a wrong status with expected and actual', () => {
    expect(evaluateExpectations({ ...empty, status: [201] }, outcome({}, 200), ctx)).toEqual([
      { message: 'status is 200', expected: 201, actual: 200 },
    ]);
  });

  it('finds the error code in message (STET) or error (OAuth), aliases included', () => {
    const stet = outcome({ status: 405, error: 'Method Not Allowed', message: 'ISPM' }, 405);
    expect(evaluateExpectations({ ...empty, error: 'NIMP' }, stet, ctx)).toEqual([]);
    expect(
      evaluateExpectations(
        { ...empty, error: 'invalid_grant' },
        outcome({ error: 'invalid_grant' }, 400),
        ctx,
      ),
    ).toEqual([]);
    expect(evaluateExpectations({ ...empty, error: 'NGAC' }, outcome({ message: 'AC01' }, 404), ctx)).toEqual(
      [expect.objectContaining({ expected: 'NGAC', actual: 'AC01' })],
    );
  });

  it('reports the first item that breaks an every check, with its index', () => {
    const failures = evaluateExpectations(
      { ...empty, every: [{ path: "$.transactions[?(@.status=='BOOK')].bookingDate", lt: '2025-01-19' }] },
      outcome(transactions),
      ctx,
    );
    expect(failures).toEqual([expect.objectContaining({ actual: '2025-01-19', expected: '< 2025-01-19' })]);
    expect(failures[0]?.message).toContain('[1]');
  });

  it('names the failing array element by its place in the body, not by its place in the filter', () => {
    const body = {
      transactions: [
        { status: 'PDNG', expectedBookingDate: '2025-01-25' },
        { status: 'BOOK', bookingDate: '2025-01-10' },
        { status: 'BOOK', bookingDate: '2025-01-30' },
      ],
    };
    const failures = evaluateExpectations(
      { ...empty, every: [{ path: "$.transactions[?(@.status=='BOOK')].bookingDate", lt: '2025-01-20' }] },
      outcome(body),
      ctx,
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toMatch(/^\$\.transactions\[2\]\.bookingDate /);
  });

  it('does not let every pass vacuously on a path that selects nothing', () => {
    expect(
      evaluateExpectations(
        { ...empty, every: [{ path: '$.transactionz[*].bookingDate', lt: 'z' }] },
        outcome(transactions),
        ctx,
      ),
    ).toHaveLength(1);
    expect(
      evaluateExpectations(
        { ...empty, every: [{ path: '$.none[*]', lt: 'z', minCount: 0 }] },
        outcome(transactions),
        ctx,
      ),
    ).toEqual([]);
  });

  it('reports links present that must be absent and links missing', () => {
    const failures = evaluateExpectations(
      { ...empty, links: [{ at: '$._links', present: ['balances'], absent: ['next'] }] },
      outcome(transactions),
      ctx,
    );
    expect(failures.map((f) => f.message)).toEqual(['$._links lacks balances', '$._links has next']);
  });

  it('compares numeric strings as numbers and dates as text', () => {
    const body = { a: '9.5', d: '2025-02-01' };
    expect(evaluateExpectations({ ...empty, json: [{ path: '$.a', lt: 10 }] }, outcome(body), ctx)).toEqual(
      [],
    );
    expect(
      evaluateExpectations({ ...empty, json: [{ path: '$.d', gt: '2025-01-31' }] }, outcome(body), ctx),
    ).toEqual([]);
    expect(
      evaluateExpectations({ ...empty, json: [{ path: '$.d', lt: '2025-01-31' }] }, outcome(body), ctx),
    ).toHaveLength(1);
  });

  it('reports a schema mismatch with the validator messages', () => {
    expect(evaluateExpectations({ ...empty, schema: 'X' }, outcome('text'), ctx)).toEqual([
      { message: 'body does not match schema X', expected: 'schema X', actual: ['not an object'] },
    ]);
  });
});

describe('queryJson', () => {
  it('returns every match of a filter expression', () => {
    expect(queryJson(transactions, "$.transactions[?(@.status=='PDNG')].expectedBookingDate")).toEqual([
      '2025-01-25',
    ]);
  });

  it('returns nothing for a body that is not JSON', () => {
    expect(queryJson(undefined, '$.a')).toEqual([]);
  });
});
