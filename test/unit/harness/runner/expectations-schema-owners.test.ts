import { describe, expect, it } from 'vitest';
import { evaluateExpectations, type ExpectationContext } from '../../../../harness/runner/expectations.ts';
import type { StepOutcome } from '../../../../harness/runner/step-outcome.ts';
import type { Expectations } from '../../../../harness/suite/suite-definition.ts';
import { schemaValidator } from '../../../../spec/lib/index.ts';

const ctx: ExpectationContext = {
  version: 'v1.4.2',
  schemas: schemaValidator,
  expectedOf: (value) => value,
};

function outcome(body: unknown): StepOutcome {
  return { status: 200, headers: {}, body, text: JSON.stringify(body) };
}

const transaction = (status: string, n: number): Record<string, unknown> => ({
  status,
  creditDebitIndicator: 'CRDT',
  transactionAmount: { amount: `${n}.00`, currency: 'EUR' },
  bookingDate: '2025-01-02',
  entryReference: `${n}`,
});

describe('the schema expectation files each error under the rule owning its field', () => {
  it('makes one failure per owning rule, each naming that rule, with every error of the body', () => {
    const expectations: Expectations = {
      headers: {},
      json: [],
      every: [],
      links: [],
      rules: {},
      schema: 'TransactionList',
    };
    const body = {
      transactions: [1, 2, 3, 4].map((n) => transaction('DONE', n)),
      _links: { self: { href: '/x' }, extra: { href: '/y' } },
    };
    const failures = evaluateExpectations(expectations, outcome(body), ctx);
    expect(failures.map((f) => f.rules)).toEqual([['AIS-TRX-STATUS-ENUM'], ['TRN-NO-EXTRA-FIELDS']]);
    expect(failures[0]?.actual).toHaveLength(4);
    expect(failures[0]?.message).toBe('body does not match schema TransactionList (AIS-TRX-STATUS-ENUM)');
  });

  it('files a missing transactions array under the rule of the list, not under the status enum', () => {
    const expectations: Expectations = {
      headers: {},
      json: [],
      every: [],
      links: [],
      rules: {},
      schema: 'TransactionList',
    };
    const failures = evaluateExpectations(expectations, outcome({ _links: { self: { href: '/x' } } }), ctx);
    expect(failures.map((f) => f.rules)).toEqual([['AIS-TRX-200']]);
  });

  it('leaves every error to the rule a step names for its schema check', () => {
    const expectations: Expectations = {
      headers: {},
      json: [],
      every: [],
      links: [],
      rules: { schema: 'AIS-TRX-PAGINATION-LINKS' },
      schema: 'TransactionList',
    };
    const failures = evaluateExpectations(
      expectations,
      outcome({
        transactions: [transaction('DONE', 1)],
        _links: { self: { href: '/x' }, extra: { href: '/y' } },
      }),
      { ...ctx, ruleOf: (assertion) => assertion.rule ?? 'AIS-TRX-200' },
    );
    expect(failures.map((f) => f.rules)).toEqual([['AIS-TRX-PAGINATION-LINKS']]);
    expect(failures[0]?.actual).toHaveLength(2);
  });
});
