import { describe, expect, it } from 'vitest';
import { versionProfile } from '../../../../spec/lib/index.ts';
import { accountBalances, cardBalances, firstBatchDone } from '../../../../reference-aspsp/ais/balances.ts';
import { generatePsuData } from '../../../../reference-aspsp/data/generate-psu-data.ts';
import { findPersona } from '../../../../reference-aspsp/data/load-personas.ts';
import type { PsuData } from '../../../../reference-aspsp/data/psu-data.ts';
import { noFaults } from '../../../../reference-aspsp/faults/no-faults.ts';
import { referenceChoices } from '../../../../reference-aspsp/choices/index.ts';

// 2025-03-15 11:00 Paris (winter time, UTC+1).
const anchor = new Date('2025-03-15T10:00:00Z');

function data(name: string, at = anchor): PsuData {
  const template = findPersona(name);
  if (template === undefined) throw new Error(name);
  return generatePsuData({ template, institution: '10101', psuId: name, anchor: at });
}

function account(d: PsuData, key: string) {
  const found = d.accounts.find((a) => a.key === key);
  if (found === undefined) throw new Error(key);
  return found;
}

describe('accounting batch', () => {
  it('makes CLBD of an account opened in the day available after that evening batch', () => {
    expect(firstBatchDone(anchor, new Date('2025-03-15T20:49:00Z'))).toBe(false);
    expect(firstBatchDone(anchor, new Date('2025-03-15T20:50:00Z'))).toBe(true);
    const lateOpening = new Date('2025-03-15T20:30:00Z');
    expect(firstBatchDone(lateOpening, new Date('2025-03-16T08:00:00Z'))).toBe(false);
    expect(firstBatchDone(lateOpening, new Date('2025-03-16T20:50:00Z'))).toBe(true);
  });
});

describe('accountBalances', () => {
  it('gives a euro account VALU, CLBD and OTHR, with referenceDate on VALU and CLBD only', () => {
    const balances = accountBalances(account(data('alice'), 'A'), {
      now: anchor,
      faults: noFaults,
      choices: referenceChoices,
    });
    expect(balances.map((b) => b.balanceType)).toEqual(['VALU', 'CLBD', 'OTHR']);
    expect(balances.map((b) => b.referenceDate)).toEqual(['2025-03-15', '2025-03-15', undefined]);
  });

  it('gives a non-euro account and a currency account OTHR only', () => {
    const alice = data('alice');
    expect(
      accountBalances(account(alice, 'G'), { now: anchor, faults: noFaults, choices: referenceChoices }).map(
        (b) => b.balanceType,
      ),
    ).toEqual(['OTHR']);
    const usd = accountBalances(account(alice, 'A-USD'), {
      now: anchor,
      faults: noFaults,
      choices: referenceChoices,
    });
    expect(usd).toHaveLength(1);
    expect(usd[0]?.balanceAmount.currency).toBe('USD');
  });

  it('leaves VALU out while the batch runs', () => {
    const balances = accountBalances(account(data('alice'), 'A'), {
      now: new Date('2025-03-15T20:10:00Z'),
      faults: noFaults,
      choices: referenceChoices,
    });
    expect(balances.map((b) => b.balanceType)).toEqual(['CLBD', 'OTHR']);
  });

  it('leaves CLBD out for erin until the first batch after the opening', () => {
    const erin = account(data('erin'), 'A');
    expect(
      accountBalances(erin, { now: anchor, faults: noFaults, choices: referenceChoices }).map(
        (b) => b.balanceType,
      ),
    ).toEqual(['VALU', 'OTHR']);
    expect(
      accountBalances(erin, {
        now: new Date('2025-03-16T09:00:00Z'),
        faults: noFaults,
        choices: referenceChoices,
      }).map((b) => b.balanceType),
    ).toEqual(['VALU', 'CLBD', 'OTHR']);
  });

  it('counts pending entries in the instant balance only', () => {
    const a = account(data('alice'), 'A');
    const [, clbd, othr] = accountBalances(a, { now: anchor, faults: noFaults, choices: referenceChoices });
    const pending = a.transactions
      .filter((t) => t.status === 'PDNG')
      .reduce((sum, t) => sum + (t.creditDebitIndicator === 'CRDT' ? t.amountCents : -t.amountCents), 0);
    const cents = (text: string | undefined) => Math.round(Number(text) * 100);
    expect(cents(othr?.balanceAmount.amount) - cents(clbd?.balanceAmount.amount)).toBe(pending);
  });
});

describe('cardBalances', () => {
  const card = data('alice').cards[0];
  if (card === undefined) throw new Error('alice has a card');

  it('gives three positive OTHR outstandings before v1.6.2', () => {
    for (const version of ['v1', 'v1.4.2'] as const) {
      const balances = cardBalances(card, {
        now: anchor,
        profile: versionProfile(version),
        faults: noFaults,
        choices: referenceChoices,
      });
      expect(balances.map((b) => b.balanceType)).toEqual(['OTHR', 'OTHR', 'OTHR']);
      for (const b of balances) expect(b.balanceAmount.amount.startsWith('-')).toBe(false);
    }
  });

  it('gives ITAV, ITAV and PRCD with negative amounts in v1.6.2', () => {
    const balances = cardBalances(card, {
      now: anchor,
      profile: versionProfile('v1.6.2'),
      faults: noFaults,
      choices: referenceChoices,
    });
    expect(balances.map((b) => b.balanceType)).toEqual(['ITAV', 'ITAV', 'PRCD']);
    for (const b of balances) expect(b.balanceAmount.amount).toMatch(/^(-\d+\.\d{2}|0\.00)$/);
    expect(balances[1]?.balanceAmount.amount.startsWith('-')).toBe(true);
  });
});
