import { describe, expect, it } from 'vitest';
import { versionProfile } from '../../../../spec/lib/index.ts';
import { findItem, listedItems } from '../../../../reference-aspsp/ais/account-catalogue.ts';
import { accessRefusal } from '../../../../reference-aspsp/ais/access.ts';
import {
  consentFromBody,
  grantsNoAccount,
  noConsent,
  type Consent,
} from '../../../../reference-aspsp/ais/consent.ts';
import { linksFor } from '../../../../reference-aspsp/ais/links.ts';
import { generatePsuData } from '../../../../reference-aspsp/data/generate-psu-data.ts';
import { findPersona } from '../../../../reference-aspsp/data/load-personas.ts';
import type { PsuData } from '../../../../reference-aspsp/data/psu-data.ts';
import { noFaults } from '../../../../reference-aspsp/faults/no-faults.ts';
import { referenceChoices } from '../../../../reference-aspsp/choices/index.ts';

function data(name: string): PsuData {
  const template = findPersona(name);
  if (template === undefined) throw new Error(name);
  return generatePsuData({
    template,
    institution: '10101',
    psuId: name,
    anchor: new Date('2025-03-15T10:00:00Z'),
  });
}

const alice = data('alice');
const ibanOf = (key: string) => alice.accounts.find((a) => a.key === key)?.iban ?? '';
const idOf = (key: string) => alice.accounts.find((a) => a.key === key)?.resourceId ?? '';
const card = alice.cards[0];

function consent(fields: Partial<Consent>): Consent {
  return { ...noConsent, ...fields };
}

describe('consentFromBody', () => {
  it('keeps IBANs only and ignores overdrafts and owners before v1.6.2', () => {
    const body = {
      balances: [{ iban: 'FR1', currency: 'EUR' }, { iban: 'FR1' }],
      transactions: [],
      overdrafts: [{ iban: 'FR2' }],
      owners: [],
      trustedBeneficiaries: true,
      psuIdentity: false,
    };
    expect(consentFromBody(body, versionProfile('v1.6.2'))).toMatchObject({
      balances: ['FR1'],
      overdrafts: ['FR2'],
      trustedBeneficiaries: true,
    });
    expect(consentFromBody(body, versionProfile('v1.4.2')).overdrafts).toEqual([]);
  });

  it('treats a consent naming no account as revoking every account', () => {
    expect(grantsNoAccount(consent({ psuIdentity: true }))).toBe(true);
    expect(grantsNoAccount(consent({ owners: ['FR1'] }))).toBe(false);
  });
});

describe('listedItems', () => {
  it('lists every account and no card before a consent, currency accounts from v1.6.2 only', () => {
    expect(
      listedItems({
        data: alice,
        consent: undefined,
        profile: versionProfile('v1.4.2'),
        faults: noFaults,
      }).map((i) => i.key),
    ).toEqual(['A', 'B', 'G']);
    expect(
      listedItems({
        data: alice,
        consent: undefined,
        profile: versionProfile('v1.6.2'),
        faults: noFaults,
      }).map((i) => i.key),
    ).toEqual(['A', 'A-USD', 'B', 'G']);
    expect(
      listedItems({ data: alice, consent: consent({}), profile: versionProfile('v1'), faults: noFaults }).map(
        (i) => i.key,
      ),
    ).toEqual(['A', 'B', 'G']);
  });

  it('lists the consented accounts in every currency and their cards after a consent', () => {
    const c = consent({ transactions: [ibanOf('A')] });
    expect(
      listedItems({ data: alice, consent: c, profile: versionProfile('v1.6.2'), faults: noFaults }).map(
        (i) => i.key,
      ),
    ).toEqual(['A', 'C', 'A-USD']);
    expect(
      listedItems({
        data: alice,
        consent: consent({ balances: [ibanOf('B')] }),
        profile: versionProfile('v1.6.2'),
        faults: noFaults,
      }).map((i) => i.key),
    ).toEqual(['B']);
  });
});

describe('linksFor', () => {
  it('links exactly the consented functions the version has', () => {
    const c = consent({ balances: [ibanOf('A')], overdrafts: [ibanOf('A')], owners: [ibanOf('B')] });
    const a = findItem(alice, idOf('A'), versionProfile('v1.6.2'));
    if (a === undefined) throw new Error('A');
    expect(
      Object.keys(
        linksFor(
          {
            data: alice,
            consent: c,
            profile: versionProfile('v1.6.2'),
            faults: noFaults,
            choices: referenceChoices,
          },
          a,
        ),
      ).sort(),
    ).toEqual(['balances', 'overdrafts']);
    expect(
      Object.keys(
        linksFor(
          {
            data: alice,
            consent: c,
            profile: versionProfile('v1.4.2'),
            faults: noFaults,
            choices: referenceChoices,
          },
          a,
        ),
      ),
    ).toEqual(['balances']);
    expect(
      linksFor(
        {
          data: alice,
          consent: undefined,
          profile: versionProfile('v1.6.2'),
          faults: noFaults,
          choices: referenceChoices,
        },
        a,
      ),
    ).toEqual({});
  });

  it('links a card through its backing account, balances and transactions only', () => {
    if (card === undefined) throw new Error('card');
    const c = consent({ transactions: [ibanOf('A')], overdrafts: [ibanOf('A')] });
    expect(
      Object.keys(
        linksFor(
          {
            data: alice,
            consent: c,
            profile: versionProfile('v1.6.2'),
            faults: noFaults,
            choices: referenceChoices,
          },
          card,
        ),
      ),
    ).toEqual(['transactions']);
  });
});

describe('accessRefusal', () => {
  const c = consent({ balances: [ibanOf('A')], transactions: [ibanOf('B')] });

  it('answers AC01 for an unknown resourceId and a currency account before v1.6.2', () => {
    expect(
      accessRefusal(
        { data: alice, consent: c, faults: noFaults },
        findItem(alice, 'nope', versionProfile('v1.6.2')),
        'balances',
      ),
    ).toBe('AC01');
    expect(findItem(alice, idOf('A-USD'), versionProfile('v1.4.2'))).toBeUndefined();
  });

  it('answers NGAC before any consent and for a function not consented', () => {
    const a = findItem(alice, idOf('A'), versionProfile('v1'));
    expect(accessRefusal({ data: alice, consent: undefined, faults: noFaults }, a, 'balances')).toBe('NGAC');
    expect(accessRefusal({ data: alice, consent: c, faults: noFaults }, a, 'transactions')).toBe('NGAC');
    expect(accessRefusal({ data: alice, consent: c, faults: noFaults }, a, 'balances')).toBeUndefined();
  });

  it('covers the USD currency account with a consent on the IBAN', () => {
    expect(
      accessRefusal(
        { data: alice, consent: c, faults: noFaults },
        findItem(alice, idOf('A-USD'), versionProfile('v1.6.2')),
        'balances',
      ),
    ).toBeUndefined();
  });

  it('answers AC06, AC04 and CDNA for bob consented items', () => {
    const bob = data('bob');
    const everything = consent({
      balances: bob.accounts.map((a) => a.iban),
      transactions: bob.accounts.map((a) => a.iban),
    });
    const byKey = (key: string) => bob.accounts.find((a) => a.key === key);
    expect(accessRefusal({ data: bob, consent: everything, faults: noFaults }, byKey('K'), 'balances')).toBe(
      'AC06',
    );
    expect(
      accessRefusal({ data: bob, consent: everything, faults: noFaults }, byKey('X'), 'transactions'),
    ).toBe('AC04');
    expect(
      accessRefusal({ data: bob, consent: everything, faults: noFaults }, bob.cards[0], 'balances'),
    ).toBe('CDNA');
    expect(
      accessRefusal({ data: bob, consent: everything, faults: noFaults }, byKey('N'), 'balances'),
    ).toBeUndefined();
  });
});
