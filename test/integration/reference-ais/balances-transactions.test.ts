import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisWallClock } from '../../../spec/lib/index.ts';
import {
  errorCode,
  list,
  pick,
  schemaErrors,
  startAisFixture,
  type AisFixture,
  type TestPsu,
} from './ais-fixture.ts';

let fixture: AisFixture;

beforeAll(async () => {
  fixture = await startAisFixture();
});

afterAll(async () => {
  await fixture.close();
});

const empty = { balances: [], transactions: [], trustedBeneficiaries: false, psuIdentity: false };

/** A PSU of `persona` that consented to everything it holds for balances and transactions (v1.4.2). */
async function consented(persona: string): Promise<{ psu: TestPsu; accounts: unknown[] }> {
  const psu = await fixture.psu(persona);
  const all = list((await fixture.ais(psu, '/stet/psd2/v1.4.2/accounts')).json, 'accounts');
  const ids = all.map((a) => ({ iban: String(pick(a, 'accountId', 'iban')) }));
  expect((await fixture.consent(psu, 'v1.4.2', { ...empty, balances: ids, transactions: ids })).status).toBe(
    201,
  );
  return { psu, accounts: list((await fixture.ais(psu, '/stet/psd2/v1.4.2/accounts')).json, 'accounts') };
}

function named(accounts: unknown[], fragment: string): unknown {
  return accounts.find((a) => String(pick(a, 'name')).includes(fragment));
}

function href(item: unknown, fn: string, version = 'v1.4.2'): string {
  return String(pick(item, '_links', fn, 'href')).replace('/v1.4.2/', `/${version}/`);
}

/** The next instant at which the Paris wall clock reads `hh:mm`. */
function nextParisTime(hours: number, minutes: number): Date {
  const target = hours * 60 + minutes;
  for (let t = Math.ceil(Date.now() / 60_000) * 60_000 + 86_400_000; ; t += 60_000) {
    if (parisWallClock(new Date(t)).minutes === target) return new Date(t);
  }
}

describe('balances', () => {
  it('gives a euro account VALU, CLBD and OTHR, and the GBP account OTHR only', async () => {
    const { psu, accounts } = await consented('alice');
    const euro = await fixture.ais(psu, href(named(accounts, 'Compte courant'), 'balances'));
    expect(schemaErrors('v1.4.2', 'GET', href(named(accounts, 'Compte courant'), 'balances'), euro)).toEqual(
      [],
    );
    expect(
      list(euro.json, 'balances').map((b) => [
        pick(b, 'balanceType'),
        pick(b, 'referenceDate') !== undefined,
      ]),
    ).toEqual([
      ['VALU', true],
      ['CLBD', true],
      ['OTHR', false],
    ]);
    expect(Object.keys(pick(euro.json, '_links') ?? {}).sort()).toEqual([
      'parent-list',
      'self',
      'transactions',
    ]);
    const gbp = await fixture.ais(psu, href(named(accounts, 'livres sterling'), 'balances'));
    expect(list(gbp.json, 'balances').map((b) => pick(b, 'balanceType'))).toEqual(['OTHR']);
  });

  it('gives card outstandings positive before v1.6.2 and ITAV, ITAV, PRCD negative in v1.6.2', async () => {
    const { psu, accounts } = await consented('alice');
    const card = accounts.find((a) => pick(a, 'accountId', 'other', 'schemeName') === 'CPAN');
    const old = await fixture.ais(psu, href(card, 'balances'));
    expect(list(old.json, 'balances').map((b) => pick(b, 'balanceType'))).toEqual(['OTHR', 'OTHR', 'OTHR']);
    for (const b of list(old.json, 'balances'))
      expect(String(pick(b, 'balanceAmount', 'amount'))).not.toMatch(/^-/);
    const path = href(card, 'balances', 'v1.6.2');
    const v162 = await fixture.ais(psu, path);
    expect(list(v162.json, 'balances').map((b) => pick(b, 'balanceType'))).toEqual(['ITAV', 'ITAV', 'PRCD']);
    expect(schemaErrors('v1.6.2', 'GET', path, v162)).toEqual([]);
  });

  it('leaves VALU out while the accounting batch runs on the PSU clock', async () => {
    const consentedAlice = await consented('alice');
    const { accounts } = consentedAlice;
    let { psu } = consentedAlice;
    const clock = await fixture.sandbox(`/psus/${psu.psuId}/clock`, {
      body: { at: nextParisTime(21, 10).toISOString() },
    });
    expect(clock.status).toBe(200);
    // The journey again: the travel took the PSU past its access token's 3600 s.
    psu = await fixture.authorize(psu);
    const during = await fixture.ais(psu, href(named(accounts, 'Compte courant'), 'balances'));
    expect(list(during.json, 'balances').map((b) => pick(b, 'balanceType'))).toEqual(['CLBD', 'OTHR']);
    await fixture.sandbox(`/psus/${psu.psuId}/clock`, { body: { travel: 'PT45M' } });
    const after = await fixture.ais(psu, href(named(accounts, 'Compte courant'), 'balances'));
    expect(list(after.json, 'balances').map((b) => pick(b, 'balanceType'))).toEqual(['VALU', 'CLBD', 'OTHR']);
  });

  it('gives erin no CLBD until the first accounting batch after the opening', async () => {
    const erin = await consented('erin');
    const path = href(erin.accounts[0], 'balances');
    const before = await fixture.ais(erin.psu, path);
    expect(list(before.json, 'balances').map((b) => pick(b, 'balanceType'))).toEqual(['VALU', 'OTHR']);
    await fixture.sandbox(`/psus/${erin.psu.psuId}/clock`, { body: { travel: 'P1DT1H' } });
    // The journey again: the travel took the PSU past its access token's 3600 s.
    const psu = await fixture.authorize(erin.psu);
    const after = await fixture.ais(psu, path);
    expect(list(after.json, 'balances').map((b) => pick(b, 'balanceType'))).toContain('CLBD');
  });
});

describe('transactions', () => {
  it('pages 200 transactions with first, last, next and previous links, each once', async () => {
    const { psu, accounts } = await consented('alice');
    const first = await fixture.ais(psu, href(named(accounts, 'Compte courant'), 'transactions'));
    expect(first.status).toBe(200);
    expect(
      schemaErrors('v1.4.2', 'GET', href(named(accounts, 'Compte courant'), 'transactions'), first),
    ).toEqual([]);
    expect(list(first.json, 'transactions')).toHaveLength(200);
    expect(pick(first.json, '_links', 'previous')).toBeUndefined();
    const seen = list(first.json, 'transactions').map((t) => pick(t, 'resourceId'));
    let next = pick(first.json, '_links', 'next', 'href');
    let page = first;
    while (typeof next === 'string') {
      page = await fixture.ais(psu, next);
      expect(pick(page.json, '_links', 'previous')).toBeDefined();
      seen.push(...list(page.json, 'transactions').map((t) => pick(t, 'resourceId')));
      next = pick(page.json, '_links', 'next', 'href');
    }
    expect(pick(page.json, '_links', 'self', 'href')).toBe(pick(first.json, '_links', 'last', 'href'));
    expect(seen.length).toBeGreaterThan(200);
    expect(new Set(seen).size).toBe(seen.length);
    const statuses = new Set(list(first.json, 'transactions').map((t) => pick(t, 'status')));
    expect(statuses).toEqual(new Set(['BOOK', 'PDNG', 'FUTR']));
    for (const t of list(first.json, 'transactions')) {
      if (pick(t, 'status') === 'BOOK') expect(pick(t, 'entryReference')).toBeDefined();
      else
        expect([pick(t, 'entryReference'), typeof pick(t, 'expectedBookingDate')]).toEqual([
          undefined,
          'string',
        ]);
    }
    const beyond = await fixture.ais(
      psu,
      `${href(named(accounts, 'Compte courant'), 'transactions')}?page=9`,
    );
    expect([beyond.status, errorCode(beyond)]).toEqual([400, 'IPGN']);
  });

  it('includes dateFrom, excludes dateTo and honours entry reference bounds', async () => {
    const { psu, accounts } = await consented('alice');
    const base = href(named(accounts, 'Compte courant'), 'transactions');
    const all = list((await fixture.ais(psu, `${base}?page=1`)).json, 'transactions').filter(
      (t) => pick(t, 'status') === 'BOOK',
    );
    const from = String(pick(all[40], 'bookingDate'));
    const to = String(pick(all[10], 'bookingDate'));
    const ranged = list(
      (await fixture.ais(psu, `${base}?dateFrom=${from}&dateTo=${to}`)).json,
      'transactions',
    );
    const dates = ranged.map((t) => String(pick(t, 'bookingDate')));
    expect(dates).toContain(from);
    expect(dates).not.toContain(to);
    for (const date of dates) expect(date >= from && date < to).toBe(true);
    const reference = Number(pick(all[20], 'entryReference'));
    for (const name of ['entryReferenceFrom', 'afterEntryReference']) {
      const after = list((await fixture.ais(psu, `${base}?${name}=${reference}`)).json, 'transactions');
      expect(after.length).toBe(20);
      for (const t of after) expect(Number(pick(t, 'entryReference'))).toBeGreaterThan(reference);
    }
    const upTo = list(
      (await fixture.ais(psu, `${base}?entryReferenceTo=${reference}&entryReferenceFrom=${reference - 3}`))
        .json,
      'transactions',
    );
    expect(upTo.map((t) => Number(pick(t, 'entryReference')))).toEqual([
      reference,
      reference - 1,
      reference - 2,
    ]);
  });

  it('refuses bad dates and periods over 90 days with ENDE', async () => {
    const { psu, accounts } = await consented('alice');
    const base = href(named(accounts, 'Compte courant'), 'transactions');
    const today = parisWallClock(new Date()).date;
    for (const query of [
      'dateFrom=2025-02-30',
      'dateTo=yesterday',
      `dateFrom=${addDays(today, -91)}`,
      `dateFrom=${addDays(today, -80)}&dateTo=${addDays(today, 20)}`,
    ]) {
      const answer = await fixture.ais(psu, `${base}?${query}`);
      expect([query, answer.status, errorCode(answer)]).toEqual([query, 400, 'ENDE']);
    }
  });

  it('writes remittance information as an array in v1 and as an unstructured object later', async () => {
    const { psu, accounts } = await consented('alice');
    const v1 = await fixture.ais(psu, href(named(accounts, 'Compte joint'), 'transactions', 'v1'));
    expect(Array.isArray(pick(list(v1.json, 'transactions')[0], 'remittanceInformation'))).toBe(true);
    const v142 = await fixture.ais(psu, href(named(accounts, 'Compte joint'), 'transactions'));
    expect(
      Array.isArray(pick(list(v142.json, 'transactions')[0], 'remittanceInformation', 'unstructured')),
    ).toBe(true);
  });

  it('gives card receipts on the card resourceId when the backing account is consented for transactions', async () => {
    const psu = await fixture.psu('alice');
    const a = list((await fixture.ais(psu, '/stet/psd2/v1.4.2/accounts')).json, 'accounts')[0];
    await fixture.consent(psu, 'v1.4.2', {
      ...empty,
      transactions: [{ iban: String(pick(a, 'accountId', 'iban')) }],
    });
    const listed = list((await fixture.ais(psu, '/stet/psd2/v1.4.2/accounts')).json, 'accounts');
    const card = listed.find((i) => pick(i, 'accountId', 'other', 'schemeName') === 'CPAN');
    const receipts = await fixture.ais(psu, href(card, 'transactions'));
    expect(receipts.status).toBe(200);
    expect(list(receipts.json, 'transactions').length).toBeGreaterThan(0);
    const outstandings = await fixture.ais(
      psu,
      `/stet/psd2/v1.4.2/accounts/${String(pick(card, 'resourceId'))}/balances`,
    );
    expect(errorCode(outstandings)).toBe('NGAC');
  });

  it('books pending transactions through the sandbox with new entry references', async () => {
    const { psu, accounts } = await consented('alice');
    const account = named(accounts, 'Compte courant');
    const id = String(pick(account, 'resourceId'));
    const before = list((await fixture.ais(psu, href(account, 'transactions'))).json, 'transactions');
    const maxBefore = Math.max(...before.map((t) => Number(pick(t, 'entryReference') ?? 0)));
    const booked = await fixture.sandbox(`/psus/${psu.psuId}/accounts/${id}/book-pending`);
    expect(booked.status).toBe(200);
    const ids = list(booked.json, 'booked');
    expect(ids.length).toBeGreaterThan(0);
    const after = list((await fixture.ais(psu, href(account, 'transactions'))).json, 'transactions');
    const bookedNow = after.filter((t) => ids.includes(pick(t, 'resourceId')));
    expect(bookedNow.map((t) => pick(t, 'status'))).toEqual(ids.map(() => 'BOOK'));
    for (const t of bookedNow) {
      expect(Number(pick(t, 'entryReference'))).toBeGreaterThan(maxBefore);
      expect(pick(t, 'bookingDate')).toBe(parisWallClock(new Date()).date);
    }
    expect(after.some((t) => pick(t, 'status') === 'PDNG')).toBe(false);
  });
});

describe('booking card receipts', () => {
  it('debits the booked card receipts from the backing account in one entry of the day', async () => {
    const { psu, accounts } = await consented('alice');
    const card = accounts.find((a) => pick(a, 'accountId', 'other', 'schemeName') === 'CPAN');
    const backing = accounts.find((a) => pick(a, 'resourceId') === pick(card, 'linkedAccount'));
    const receiptsBefore = list((await fixture.ais(psu, href(card, 'transactions'))).json, 'transactions');
    const pending = receiptsBefore.filter((t) => pick(t, 'status') === 'PDNG');
    expect(pending.length).toBeGreaterThan(0);
    const pendingCents = pending.reduce<number>(
      (sum, t) => sum + Math.round(Number(pick(t, 'transactionAmount', 'amount')) * 100),
      0,
    );
    const historyBefore = list((await fixture.ais(psu, href(backing, 'transactions'))).json, 'transactions');
    const highest = Math.max(...historyBefore.map((t) => Number(pick(t, 'entryReference') ?? 0)));

    const booked = await fixture.sandbox(
      `/psus/${psu.psuId}/accounts/${String(pick(card, 'resourceId'))}/book-pending`,
    );
    expect(booked.status).toBe(200);
    expect(list(booked.json, 'booked').sort()).toEqual(pending.map((t) => pick(t, 'resourceId')).sort());

    const historyAfter = list((await fixture.ais(psu, href(backing, 'transactions'))).json, 'transactions');
    const added = historyAfter.filter((t) => Number(pick(t, 'entryReference') ?? 0) > highest);
    expect(added).toHaveLength(1);
    const debit = added[0];
    expect(pick(debit, 'resourceId')).toBe(pick(booked.json, 'cardDebit', 'resourceId'));
    expect(pick(debit, 'status')).toBe('BOOK');
    expect(pick(debit, 'creditDebitIndicator')).toBe('DBIT');
    expect(pick(debit, 'bookingDate')).toBe(parisWallClock(new Date()).date);
    expect(Math.round(Number(pick(debit, 'transactionAmount', 'amount')) * 100)).toBe(pendingCents);
    const receiptsAfter = list((await fixture.ais(psu, href(card, 'transactions'))).json, 'transactions');
    expect(receiptsAfter.filter((t) => pick(t, 'status') === 'PDNG')).toEqual([]);
  });

  it('leaves the backing account alone when a plain account is booked', async () => {
    const { psu, accounts } = await consented('alice');
    const account = named(accounts, 'Compte courant');
    const booked = await fixture.sandbox(
      `/psus/${psu.psuId}/accounts/${String(pick(account, 'resourceId'))}/book-pending`,
    );
    expect(booked.status).toBe(200);
    expect(pick(booked.json, 'cardDebit')).toBeUndefined();
  });
});

describe('refused accounts and cards', () => {
  it('refuses bob blocked account AC06, closed account AC04 and unavailable card CDNA', async () => {
    const { psu, accounts } = await consented('bob');
    const blocked = await fixture.ais(psu, href(named(accounts, 'bloqué'), 'balances'));
    expect([blocked.status, errorCode(blocked)]).toEqual([403, 'AC06']);
    const closed = await fixture.ais(psu, href(named(accounts, 'clos'), 'transactions'));
    expect([closed.status, errorCode(closed)]).toEqual([403, 'AC04']);
    const card = accounts.find((a) => pick(a, 'accountId', 'other', 'schemeName') === 'CPAN');
    const unavailable = await fixture.ais(psu, href(card, 'balances'));
    expect([unavailable.status, errorCode(unavailable)]).toEqual([404, 'CDNA']);
  });

  it('blocks and closes an account through the sandbox', async () => {
    const { psu, accounts } = await consented('alice');
    const a = named(accounts, 'Compte courant');
    const b = named(accounts, 'Compte joint');
    expect(
      (await fixture.sandbox(`/psus/${psu.psuId}/accounts/${String(pick(a, 'resourceId'))}/block`)).status,
    ).toBe(204);
    expect(
      (await fixture.sandbox(`/psus/${psu.psuId}/accounts/${String(pick(b, 'resourceId'))}/close`)).status,
    ).toBe(204);
    expect(errorCode(await fixture.ais(psu, href(a, 'balances')))).toBe('AC06');
    expect(errorCode(await fixture.ais(psu, href(b, 'transactions')))).toBe('AC04');
    const unknown = await fixture.sandbox(`/psus/${psu.psuId}/accounts/nope/block`);
    expect([unknown.status, errorCode(unknown)]).toEqual([404, 'AC01']);
  });
});
