import { describe, expect, it } from 'vitest';
import { versionProfile } from '../../../../spec/lib/index.ts';
import { selectTransactions, isWithinRange } from '../../../../reference-aspsp/ais/transaction-filter.ts';
import {
  parseTransactionQuery,
  type TransactionQuery,
} from '../../../../reference-aspsp/ais/transaction-query.ts';
import { renderTransaction } from '../../../../reference-aspsp/ais/render-transaction.ts';
import { resolveChoices, referenceChoices } from '../../../../reference-aspsp/choices/index.ts';
import type { BankTransaction } from '../../../../reference-aspsp/data/psu-data.ts';
import { noFaults } from '../../../../reference-aspsp/faults/no-faults.ts';

const alternate = resolveChoices('alternate');
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

function booked(resourceId: string, entryReference: string, bookingDate: string): BankTransaction {
  return {
    resourceId,
    entryReference,
    amountCents: 100,
    currency: 'EUR',
    creditDebitIndicator: 'DBIT',
    status: 'BOOK',
    bookingDate,
    expectedBookingDate: undefined,
    valueDate: bookingDate,
    transactionDate: bookingDate,
    bankTransactionCode: { domain: 'PMNT', family: 'ICDT', subFamily: 'STDO', code: 'VIR', issuer: 'BANK' },
    remittance: ['Order 4711'],
  };
}

const older = booked('T1', '9', '2025-03-01');
const newer = booked('T2', '10', '2025-03-10');

describe('the AIS family of the alternate bank', () => {
  it('lists transactions oldest first where the reference lists them newest first', () => {
    const ids = (choices: typeof alternate) =>
      selectTransactions([older, newer], query({}), { faults: noFaults, choices }).map((t) => t.resourceId);
    expect(ids(referenceChoices)).toEqual(['T2', 'T1']);
    expect(ids(alternate)).toEqual(['T1', 'T2']);
  });

  it('compares an entry-reference bound as text: "10" is below the bound "9"', () => {
    const bound = query({ entryReferenceTo: '9' });
    expect(isWithinRange(newer, bound, { faults: noFaults, choices: referenceChoices })).toBe(false);
    expect(isWithinRange(newer, bound, { faults: noFaults, choices: alternate })).toBe(true);
  });

  it("sends v1's remittance information as the seed table's unstructured object", () => {
    const profile = versionProfile('v1');
    const of = (choices: typeof alternate) =>
      renderTransaction(older, { profile, faults: noFaults, choices }).remittanceInformation;
    expect(of(referenceChoices)).toEqual(['Order 4711']);
    expect(of(alternate)).toEqual({ unstructured: ['Order 4711'] });
  });

  it('answers a dateFrom before the history with its part instead of ENDE', () => {
    const params = new URLSearchParams({ dateFrom: '2024-12-01', dateTo: '2025-01-10' });
    const on = { today, faults: noFaults };
    expect(parseTransactionQuery(params, { ...on, beyondHistory: 'ENDE' })).toBe('ENDE');
    const part = parseTransactionQuery(params, {
      ...on,
      beyondHistory: alternate.of('AIS-TRX-DATEFROM-BEYOND-HISTORY-ENDE'),
    });
    expect(part).not.toBe('ENDE');
  });

  it('shapes the identity and the owners records without fullName nor links', () => {
    const records = alternate.of('AIS-OTH-RECORDS-OF-THE-REFERENCE');
    const hrefs = { self: '/self', parentList: '/accounts' };
    expect(records.identity({ firstName: 'Alice', lastName: 'Martin' }, hrefs)).toEqual({
      endUserIdentity: { firstName: 'Alice', lastName: 'Martin' },
    });
    const owners = [
      { firstName: 'Alice', lastName: 'Martin' },
      { firstName: 'Marc', lastName: 'Martin' },
    ];
    expect(records.owners(owners, hrefs)).toEqual({
      owners: [
        { firstName: 'Alice', lastName: 'Martin', role: 'holder' },
        { firstName: 'Marc', lastName: 'Martin', role: 'co-holder' },
      ],
    });
    expect(referenceChoices.of('AIS-OTH-RECORDS-OF-THE-REFERENCE').identity(owners[0]!, hrefs)).toMatchObject(
      {
        identity: { fullName: 'Alice Martin' },
        _links: { self: { href: '/self' } },
      },
    );
  });

  it('carries the filters of the pagination links in a page token it reads back', () => {
    const carried = alternate.of('AIS-TRX-NEXT-LINK-QUERY');
    const written = carried.write(new URLSearchParams({ dateFrom: '2025-03-01', page: '2' }));
    expect(written.has('dateFrom')).toBe(false);
    expect(written.get('page')).toBe('2');
    const read = carried.read(written);
    expect(read.get('dateFrom')).toBe('2025-03-01');
    expect(read.get('page')).toBe('2');
    const reference = referenceChoices.of('AIS-TRX-NEXT-LINK-QUERY');
    expect(reference.write(new URLSearchParams({ dateFrom: '2025-03-01' })).get('dateFrom')).toBe(
      '2025-03-01',
    );
  });

  it('types the card outstandings before v1.6.2 as CLBD with a referenceDate, and keeps the v1.6.2 types', () => {
    const typing = alternate.of('AIS-BAL-CARD-OTHR-BEFORE-V162');
    expect(typing(versionProfile('v1.4.2').cardOutstandings)).toEqual({
      types: { carriedOver: 'CLBD', currentMonth: 'CLBD', previousMonth: 'CLBD' },
      dated: true,
    });
    expect(typing(versionProfile('v1.6.2').cardOutstandings).types.previousMonth).toBe('PRCD');
  });
});
