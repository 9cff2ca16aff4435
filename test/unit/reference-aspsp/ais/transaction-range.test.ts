import { describe, expect, it } from 'vitest';
import type { BankTransaction } from '../../../../reference-aspsp/data/psu-data.ts';
import { isWithinRange, selectTransactions } from '../../../../reference-aspsp/ais/transaction-filter.ts';
import {
  parseTransactionQuery,
  type TransactionQuery,
} from '../../../../reference-aspsp/ais/transaction-query.ts';
import { noFaults } from '../../../../reference-aspsp/faults/no-faults.ts';
import { referenceChoices } from '../../../../reference-aspsp/choices/index.ts';

const today = '2025-03-15';

function query(params: Record<string, string>): TransactionQuery {
  const parsed = parseTransactionQuery(new URLSearchParams(params), {
    today,
    faults: noFaults,
    beyondHistory: 'ENDE',
  });
  if (parsed === 'ENDE') throw new Error('unexpected ENDE');
  return parsed;
}

function tx(fields: Partial<BankTransaction> & { resourceId: string }): BankTransaction {
  return {
    entryReference: undefined,
    amountCents: 100,
    currency: 'EUR',
    creditDebitIndicator: 'DBIT',
    status: 'BOOK',
    bookingDate: undefined,
    expectedBookingDate: undefined,
    valueDate: today,
    transactionDate: today,
    bankTransactionCode: { domain: 'PMNT', family: 'CCRD', subFamily: 'POSD', code: '11', issuer: 'CFONB' },
    remittance: ['CB'],
    ...fields,
  };
}

describe('parseTransactionQuery', () => {
  it('refuses malformed dates with ENDE', () => {
    for (const bad of ['2025-13-01', '15/03/2025', '2025-03-15T00:00:00Z', '', '2025-02-30']) {
      expect(
        parseTransactionQuery(new URLSearchParams({ dateFrom: bad }), {
          today,
          faults: noFaults,
          beyondHistory: 'ENDE',
        }),
      ).toBe('ENDE');
      expect(
        parseTransactionQuery(new URLSearchParams({ dateTo: bad }), {
          today,
          faults: noFaults,
          beyondHistory: 'ENDE',
        }),
      ).toBe('ENDE');
    }
  });

  it('refuses a period over 90 days, and accepts exactly 90', () => {
    expect(
      parseTransactionQuery(new URLSearchParams({ dateFrom: '2025-01-01', dateTo: '2025-04-02' }), {
        today,
        faults: noFaults,
        beyondHistory: 'ENDE',
      }),
    ).toBe('ENDE');
    expect(
      parseTransactionQuery(new URLSearchParams({ dateFrom: '2025-01-01', dateTo: '2025-04-01' }), {
        today,
        faults: noFaults,
        beyondHistory: 'ENDE',
      }),
    ).not.toBe('ENDE');
  });

  it('refuses a dateFrom before the 90-day history depth', () => {
    expect(
      parseTransactionQuery(new URLSearchParams({ dateFrom: '2024-12-14' }), {
        today,
        faults: noFaults,
        beyondHistory: 'ENDE',
      }),
    ).toBe('ENDE');
    expect(query({ dateFrom: '2024-12-15' }).dateFrom).toBe('2024-12-15');
  });

  it('accepts afterEntryReference as the lower entry reference bound', () => {
    expect(query({ afterEntryReference: '1200' }).entryReferenceFrom).toBe('1200');
    expect(query({ entryReferenceFrom: '1300', afterEntryReference: '1200' }).entryReferenceFrom).toBe(
      '1300',
    );
  });
});

describe('isWithinRange', () => {
  it('includes dateFrom and excludes dateTo', () => {
    const q = query({ dateFrom: '2025-03-01', dateTo: '2025-03-10' });
    expect(
      isWithinRange(tx({ resourceId: 'a', bookingDate: '2025-03-01' }), q, {
        faults: noFaults,
        choices: referenceChoices,
      }),
    ).toBe(true);
    expect(
      isWithinRange(tx({ resourceId: 'b', bookingDate: '2025-03-09' }), q, {
        faults: noFaults,
        choices: referenceChoices,
      }),
    ).toBe(true);
    expect(
      isWithinRange(tx({ resourceId: 'c', bookingDate: '2025-03-10' }), q, {
        faults: noFaults,
        choices: referenceChoices,
      }),
    ).toBe(false);
    expect(
      isWithinRange(tx({ resourceId: 'd', bookingDate: '2025-02-28' }), q, {
        faults: noFaults,
        choices: referenceChoices,
      }),
    ).toBe(false);
  });

  it('keeps entry references strictly greater than the lower bound and up to the upper bound', () => {
    const q = query({ entryReferenceFrom: '1000', entryReferenceTo: '1002' });
    const at = (entryReference: string) =>
      tx({ resourceId: entryReference, bookingDate: today, entryReference });
    expect(isWithinRange(at('1000'), q, { faults: noFaults, choices: referenceChoices })).toBe(false);
    expect(isWithinRange(at('1001'), q, { faults: noFaults, choices: referenceChoices })).toBe(true);
    expect(isWithinRange(at('1002'), q, { faults: noFaults, choices: referenceChoices })).toBe(true);
    expect(isWithinRange(at('1003'), q, { faults: noFaults, choices: referenceChoices })).toBe(false);
    expect(
      isWithinRange(at('999'), query({ entryReferenceFrom: '1000' }), {
        faults: noFaults,
        choices: referenceChoices,
      }),
    ).toBe(false);
  });

  it('leaves out entries without a reference when a reference bound is given', () => {
    const pending = tx({ resourceId: 'p', status: 'PDNG', expectedBookingDate: today });
    expect(isWithinRange(pending, query({}), { faults: noFaults, choices: referenceChoices })).toBe(true);
    expect(
      isWithinRange(pending, query({ entryReferenceFrom: '1' }), {
        faults: noFaults,
        choices: referenceChoices,
      }),
    ).toBe(false);
  });

  it('never returns entries older than 90 days before today', () => {
    expect(
      isWithinRange(tx({ resourceId: 'o', bookingDate: '2024-12-14' }), query({}), {
        faults: noFaults,
        choices: referenceChoices,
      }),
    ).toBe(false);
    expect(
      isWithinRange(tx({ resourceId: 'n', bookingDate: '2024-12-15' }), query({}), {
        faults: noFaults,
        choices: referenceChoices,
      }),
    ).toBe(true);
  });

  it('filters pending and future entries on their expected booking date', () => {
    const future = tx({ resourceId: 'f', status: 'FUTR', expectedBookingDate: '2025-03-20' });
    expect(
      isWithinRange(future, query({ dateTo: '2025-03-20' }), { faults: noFaults, choices: referenceChoices }),
    ).toBe(false);
    expect(
      isWithinRange(future, query({ dateTo: '2025-03-21' }), { faults: noFaults, choices: referenceChoices }),
    ).toBe(true);
  });
});

describe('selectTransactions', () => {
  it('returns the newest first', () => {
    const selected = selectTransactions(
      [
        tx({ resourceId: 'old', bookingDate: '2025-03-01', entryReference: '1' }),
        tx({ resourceId: 'new', bookingDate: '2025-03-14', entryReference: '3' }),
        tx({ resourceId: 'mid', bookingDate: '2025-03-14', entryReference: '2' }),
      ],
      query({}),
      { faults: noFaults, choices: referenceChoices },
    );
    expect(selected.map((t) => t.resourceId)).toEqual(['new', 'mid', 'old']);
  });
});
