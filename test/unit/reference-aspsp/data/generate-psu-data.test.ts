import { describe, expect, it } from 'vitest';
import { addDays, parisDay } from '../../../../spec/lib/index.ts';
import { accountBalances } from '../../../../reference-aspsp/ais/balances.ts';
import { generatePsuData } from '../../../../reference-aspsp/data/generate-psu-data.ts';
import { hasValidIbanCheckDigits } from '../../../../protocol/index.ts';
import { findPersona, personaTemplates } from '../../../../reference-aspsp/data/load-personas.ts';
import type { PersonaTemplate } from '../../../../reference-aspsp/data/persona-template.ts';
import { noFaults } from '../../../../reference-aspsp/faults/no-faults.ts';
import { referenceChoices } from '../../../../reference-aspsp/choices/index.ts';

const anchor = new Date('2025-03-15T10:00:00Z');

function persona(name: string): PersonaTemplate {
  const template = findPersona(name);
  if (template === undefined) throw new Error(`no persona ${name}`);
  return template;
}

function alice(psuId = 'alice', at = anchor) {
  return generatePsuData({ template: persona('alice'), institution: '10101', psuId, anchor: at });
}

describe('generatePsuData', () => {
  it('generates the same data for the same seed and instant', () => {
    expect(alice()).toEqual(alice());
  });

  it('generates other data for another PSU, keeping identifiers apart', () => {
    const other = alice('alice-0001');
    expect(other.accounts[0]?.iban).not.toBe(alice().accounts[0]?.iban);
    expect(other.accounts[0]?.resourceId).not.toBe(alice().accounts[0]?.resourceId);
  });

  it('gives two clones of a persona made the same day one history under their own identifiers', () => {
    const first = alice('alice-0001');
    const second = alice('alice-0002');
    const history = (data: ReturnType<typeof alice>) =>
      data.accounts[0]?.transactions.map((t) => [t.amountCents, t.bookingDate, t.status]);
    expect(history(second)).toEqual(history(first));
    const ids = (data: ReturnType<typeof alice>) => data.accounts[0]?.transactions.map((t) => t.resourceId);
    expect(new Set([...(ids(first) ?? []), ...(ids(second) ?? [])]).size).toBe(2 * (ids(first)?.length ?? 0));
    // Another institution or another day drafts another history.
    const elsewhere = generatePsuData({
      template: persona('alice'),
      institution: '20202',
      psuId: 'alice-0001',
      anchor,
    });
    expect(history(elsewhere)).not.toEqual(history(first));
    expect(history(alice('alice-0001', new Date('2025-03-16T10:00:00Z')))).not.toEqual(history(first));
  });

  it('keeps IBANs and resourceIds when regenerated at another instant', () => {
    const later = alice('alice', new Date('2025-06-01T10:00:00Z'));
    expect(later.accounts.map((a) => [a.iban, a.resourceId])).toEqual(
      alice().accounts.map((a) => [a.iban, a.resourceId]),
    );
    expect(later.accounts[0]?.transactions[0]?.bookingDate).not.toBe(
      alice().accounts[0]?.transactions[0]?.bookingDate,
    );
  });

  it('gives valid IBANs whose bank code is the institution code', () => {
    for (const institution of ['10101', '20202', '30303']) {
      const data = generatePsuData({ template: persona('alice'), institution, psuId: 'alice', anchor });
      for (const account of data.accounts) {
        expect(hasValidIbanCheckDigits(account.iban)).toBe(true);
        expect(account.iban.slice(4, 9)).toBe(institution);
      }
    }
  });

  it('gives alice account A over 200 booked transactions in 90 days, older ones, and every status', () => {
    const account = alice().accounts.find((a) => a.key === 'A');
    const today = parisDay(anchor);
    const recent = account?.transactions.filter(
      (t) => t.status === 'BOOK' && (t.bookingDate ?? '') >= addDays(today, -90),
    );
    const older = account?.transactions.filter(
      (t) => t.status === 'BOOK' && (t.bookingDate ?? '') < addDays(today, -90),
    );
    expect(recent?.length).toBeGreaterThan(200);
    expect(older?.length).toBeGreaterThan(0);
    expect(new Set(account?.transactions.map((t) => t.status))).toEqual(new Set(['BOOK', 'PDNG', 'FUTR']));
  });

  it('numbers booked entries incrementally and leaves PDNG and FUTR without entryReference', () => {
    const transactions = alice().accounts[0]?.transactions ?? [];
    const booked = transactions.filter((t) => t.status === 'BOOK');
    const references = booked.map((t) => Number(t.entryReference));
    expect(references).toEqual([...references].sort((a, b) => a - b));
    expect(new Set(references).size).toBe(references.length);
    for (const t of transactions.filter((t) => t.status !== 'BOOK')) {
      expect(t.entryReference).toBeUndefined();
      expect(t.bookingDate).toBeUndefined();
      expect(t.expectedBookingDate).toBeDefined();
    }
    for (const t of transactions.filter((t) => t.status === 'FUTR')) {
      expect((t.expectedBookingDate ?? '') > parisDay(anchor)).toBe(true);
    }
  });

  it('keeps alice account A instant balance at or above its floor on every day, whatever the clock', () => {
    const floor = persona('alice').accounts.find((a) => a.key === 'A')?.instantBalanceFloor;
    expect(floor).toBe('1000.00');
    let raised = 0;
    for (let i = 0; i < 6; i++) {
      const account = alice(`alice-${i}`).accounts.find((a) => a.key === 'A');
      if (account === undefined) throw new Error('no account A');
      if (account.openingBalanceCents > 245_000) raised += 1;
      for (let day = -450; day <= 5; day += 1) {
        const now = new Date(anchor.getTime() + day * 86_400_000);
        const instant = accountBalances(account, { now, faults: noFaults, choices: referenceChoices }).find(
          (b) => b.balanceType === 'OTHR',
        );
        expect(Number(instant?.balanceAmount.amount)).toBeGreaterThanOrEqual(1000);
      }
    }
    // The random history takes some clones below the floor: the opening balance was raised for them.
    expect(raised).toBeGreaterThan(0);
  });

  it('keeps the template opening balance of an account without a floor', () => {
    const bob = generatePsuData({ template: persona('bob'), institution: '10101', psuId: 'bob-7', anchor });
    expect(bob.accounts.find((a) => a.key === 'N')?.openingBalanceCents).toBe(64_000);
  });

  it('reports the operation types of the seed with a bank transaction code', () => {
    const families = new Set(alice().accounts[0]?.transactions.map((t) => t.bankTransactionCode.family));
    expect(families.size).toBeGreaterThan(8);
  });

  it('holds account A also in USD as a currency account with the same IBAN, and a GBP account', () => {
    const data = alice();
    const main = data.accounts.find((a) => a.key === 'A');
    const usd = data.accounts.find((a) => a.currencyAccountOf === 'A');
    expect(usd?.currency).toBe('USD');
    expect(usd?.iban).toBe(main?.iban);
    expect(usd?.resourceId).not.toBe(main?.resourceId);
    expect(data.accounts.find((a) => a.currency === 'GBP')?.iban).not.toBe(main?.iban);
  });

  it('gives alice a deferred-debit card backed by A with booked and pending receipts', () => {
    const card = alice().cards[0];
    expect(card?.backingKey).toBe('A');
    expect(card?.maskedPan).toMatch(/^\d{6}X{6}\d{4}$/);
    expect(new Set(card?.transactions.map((t) => t.status))).toEqual(new Set(['BOOK', 'PDNG']));
  });

  it('opens erin account at the generation instant and gives bob blocked, closed and unavailable items', () => {
    const erin = generatePsuData({ template: persona('erin'), institution: '10101', psuId: 'erin', anchor });
    expect(erin.accounts[0]?.openedAt).toBe(anchor.toISOString());
    const bob = generatePsuData({ template: persona('bob'), institution: '10101', psuId: 'bob', anchor });
    expect(bob.accounts.map((a) => a.state).sort()).toEqual(['blocked', 'closed', 'enabled']);
    expect(bob.cards[0]?.available).toBe(false);
  });

  it('covers the personas of the contracts, carol without account and dave professional at 30303', () => {
    expect(personaTemplates().map((p) => p.name)).toEqual(
      expect.arrayContaining(['alice', 'bob', 'carol', 'dave', 'erin', 'frank']),
    );
    expect(persona('carol').accounts).toEqual([]);
    expect(persona('dave')).toMatchObject({ usage: 'ORGA', institutions: ['30303'] });
    expect(persona('dave').identifiers.professional).toMatch(/^\d{6}-\d{2}$/);
    expect(persona('frank').subscription).toBe('terminated');
  });
});
