import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectTransactions, isWithinRange } from '../../reference-aspsp/ais/transaction-filter.ts';
import {
  historyDepthDays,
  parseTransactionQuery,
  type TransactionQuery,
} from '../../reference-aspsp/ais/transaction-query.ts';
import { addDays } from '../../spec/lib/index.ts';
import { filterDate, type BankTransaction } from '../../reference-aspsp/data/psu-data.ts';
import { propertyRuns } from './property-runs.ts';
import { noFaults } from '../../reference-aspsp/faults/no-faults.ts';
import { referenceChoices } from '../../reference-aspsp/choices/index.ts';

// The model works on integers: day numbers relative to `today` and numeric entry references; the
// reference works on calendar dates and reference strings. Both must agree.
const today = '2025-03-15';
const day = (offset: number): string => addDays(today, offset);

interface ModelTransaction {
  readonly day: number;
  /** undefined for a PDNG or FUTR entry (no entryReference). */
  readonly reference: number | undefined;
}

interface ModelQuery {
  readonly from: number | undefined;
  readonly to: number | undefined;
  readonly referenceFrom: number | undefined;
  readonly referenceTo: number | undefined;
}

const modelTransaction = fc.record({
  day: fc.integer({ min: -120, max: 10 }),
  reference: fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }),
});

const modelQuery = fc.record({
  from: fc.option(fc.integer({ min: -90, max: 5 }), { nil: undefined }),
  to: fc.option(fc.integer({ min: -90, max: 10 }), { nil: undefined }),
  referenceFrom: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
  referenceTo: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
});

function toTransaction(model: ModelTransaction, index: number): BankTransaction {
  const date = day(model.day);
  const booked = model.reference !== undefined;
  return {
    resourceId: `t${index}`,
    entryReference: booked ? String(model.reference) : undefined,
    amountCents: 100 + index,
    currency: 'EUR',
    creditDebitIndicator: index % 2 === 0 ? 'DBIT' : 'CRDT',
    status: booked ? 'BOOK' : 'PDNG',
    bookingDate: booked ? date : undefined,
    expectedBookingDate: booked ? undefined : date,
    valueDate: date,
    transactionDate: date,
    bankTransactionCode: { domain: 'PMNT', family: 'RCDT', subFamily: 'ESCT', code: 'x', issuer: 'x' },
    remittance: [],
  };
}

function toQuery(model: ModelQuery): TransactionQuery {
  return {
    dateFrom: model.from === undefined ? undefined : day(model.from),
    dateTo: model.to === undefined ? undefined : day(model.to),
    entryReferenceFrom: model.referenceFrom === undefined ? undefined : String(model.referenceFrom),
    entryReferenceTo: model.referenceTo === undefined ? undefined : String(model.referenceTo),
    depthStart: day(-historyDepthDays),
  };
}

/** The seed's range rules, read directly: dateFrom inclusive, dateTo exclusive, entryReferenceFrom
 * strictly greater, entryReferenceTo less or equal, nothing older than 90 days. */
function modelKeeps(t: ModelTransaction, q: ModelQuery): boolean {
  if (t.day < -historyDepthDays) return false;
  if (q.from !== undefined && t.day < q.from) return false;
  if (q.to !== undefined && t.day >= q.to) return false;
  if (q.referenceFrom !== undefined || q.referenceTo !== undefined) {
    if (t.reference === undefined) return false;
    if (q.referenceFrom !== undefined && t.reference <= q.referenceFrom) return false;
    if (q.referenceTo !== undefined && t.reference > q.referenceTo) return false;
  }
  return true;
}

describe('the transaction filter against a model of the range rules', () => {
  it('keeps exactly the transactions the model keeps', () => {
    fc.assert(
      fc.property(modelTransaction, modelQuery, (t, q) => {
        expect(
          isWithinRange(toTransaction(t, 0), toQuery(q), { faults: noFaults, choices: referenceChoices }),
        ).toBe(modelKeeps(t, q));
      }),
      propertyRuns(2000, 20000),
    );
  });

  it('selects the kept transactions once each, newest first', () => {
    fc.assert(
      fc.property(fc.array(modelTransaction, { maxLength: 60 }), modelQuery, (models, q) => {
        const transactions = models.map(toTransaction);
        const selected = selectTransactions(transactions, toQuery(q), {
          faults: noFaults,
          choices: referenceChoices,
        });
        const expected = transactions.filter((_t, i) => {
          const model = models[i];
          return model !== undefined && modelKeeps(model, q);
        });
        expect(selected.map((t) => t.resourceId).sort()).toEqual(expected.map((t) => t.resourceId).sort());
        for (let i = 1; i < selected.length; i++) {
          const before = selected[i - 1];
          const after = selected[i];
          if (before !== undefined && after !== undefined)
            expect(filterDate(before) >= filterDate(after)).toBe(true);
        }
      }),
      propertyRuns(),
    );
  });
});

describe('the transaction query parser against a model of ENDE', () => {
  /** ENDE when dateFrom is before the depth, the period from dateFrom to dateTo (or today) is over
   * 90 days, or dateTo is before dateFrom. */
  function modelRefuses(from: number | undefined, to: number | undefined): boolean {
    if (from === undefined) return false;
    if (from < -historyDepthDays) return true;
    if ((to ?? 0) - from > historyDepthDays) return true;
    return to !== undefined && to < from;
  }

  it('refuses exactly the periods the model refuses', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -200, max: 20 }), { nil: undefined }),
        fc.option(fc.integer({ min: -200, max: 120 }), { nil: undefined }),
        (from, to) => {
          const params = new URLSearchParams();
          if (from !== undefined) params.set('dateFrom', day(from));
          if (to !== undefined) params.set('dateTo', day(to));
          const parsed = parseTransactionQuery(params, { today, faults: noFaults, beyondHistory: 'ENDE' });
          expect(parsed === 'ENDE').toBe(modelRefuses(from, to));
          if (parsed !== 'ENDE') {
            expect(parsed.dateFrom).toBe(from === undefined ? undefined : day(from));
            expect(parsed.dateTo).toBe(to === undefined ? undefined : day(to));
          }
        },
      ),
      propertyRuns(1000, 10000),
    );
  });

  it('refuses any date parameter that is not a YYYY-MM-DD calendar date', () => {
    const notADate = fc
      .string({ maxLength: 12 })
      .filter((text) => !/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(`${text}T00:00:00Z`)));
    fc.assert(
      fc.property(notADate, fc.constantFrom('dateFrom', 'dateTo'), (text, name) => {
        expect(
          parseTransactionQuery(new URLSearchParams({ [name]: text }), {
            today,
            faults: noFaults,
            beyondHistory: 'ENDE',
          }),
        ).toBe('ENDE');
      }),
      propertyRuns(),
    );
  });

  it('reads afterEntryReference as the lower entryReference bound', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,6}$/), (reference) => {
        const parsed = parseTransactionQuery(new URLSearchParams({ afterEntryReference: reference }), {
          today,
          faults: noFaults,
          beyondHistory: 'ENDE',
        });
        expect(parsed === 'ENDE' ? undefined : parsed.entryReferenceFrom).toBe(reference);
      }),
      propertyRuns(),
    );
  });
});
