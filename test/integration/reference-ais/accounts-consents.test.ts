import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let alice: TestPsu;
/** IBAN and resourceId of alice's accounts by name keyword, read from an unconsented v1.6.2 list. */
const ibans: Record<string, string> = {};

beforeAll(async () => {
  fixture = await startAisFixture();
  alice = await fixture.psu('alice');
  const answer = await fixture.ais(alice, '/stet/psd2/v1.6.2/accounts');
  for (const account of list(answer.json, 'accounts')) {
    const currency = String(pick(account, 'accountId', 'currency'));
    ibans[currency === 'EUR' ? String(pick(account, 'name')) : currency] = String(
      pick(account, 'accountId', 'iban'),
    );
  }
});

afterAll(async () => {
  await fixture.close();
});

const ibanA = () => ibans['Compte courant Alice Martin'] ?? '';
const ibanB = () => ibans['Compte joint Alice et Marc Martin'] ?? '';
const empty = { balances: [], transactions: [], trustedBeneficiaries: false, psuIdentity: false };
const empty162 = { ...empty, overdrafts: [], owners: [] };

async function accounts(psu: TestPsu, version = 'v1.4.2', query = '') {
  return fixture.ais(psu, `/stet/psd2/${version}/accounts${query}`);
}

function byIban(answer: { json: unknown }, iban: string, currency = 'EUR'): unknown {
  return list(answer.json, 'accounts').find(
    (a) => pick(a, 'accountId', 'iban') === iban && pick(a, 'accountId', 'currency') === currency,
  );
}

describe('GET /accounts before any consent', () => {
  it('lists every account without balances, function links, cards or identity link', async () => {
    const psu = await fixture.psu('alice');
    const answer = await accounts(psu);
    expect(answer.status).toBe(200);
    expect(schemaErrors('v1.4.2', 'GET', '/stet/psd2/v1.4.2/accounts', answer)).toEqual([]);
    const items = list(answer.json, 'accounts');
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(pick(item, 'balances')).toBeUndefined();
      expect(pick(item, '_links')).toEqual({});
      expect(pick(item, 'accountId', 'other')).toBeUndefined();
      expect(pick(item, 'cashAccountType')).toBe('CACC');
    }
    expect(pick(answer.json, '_links', 'endUserIdentity')).toBeUndefined();
    expect(pick(answer.json, '_links', 'self', 'href')).toBe('/stet/psd2/v1.4.2/accounts');
  });

  it('lists the USD currency account in v1.6.2 only', async () => {
    const v162 = await accounts(alice, 'v1.6.2');
    expect(byIban(v162, ibanA(), 'USD')).toBeDefined();
    expect(byIban(await accounts(alice, 'v1'), ibanA(), 'USD')).toBeUndefined();
  });

  it('refuses balances, transactions and identity before any consent (NGAC)', async () => {
    const psu = await fixture.psu('alice');
    const id = String(pick(list((await accounts(psu)).json, 'accounts')[0], 'resourceId'));
    for (const path of [`accounts/${id}/balances`, `accounts/${id}/transactions`, 'end-user-identity']) {
      const answer = await fixture.ais(psu, `/stet/psd2/v1.4.2/${path}`);
      expect([answer.status, errorCode(answer)]).toEqual([403, 'NGAC']);
    }
  });

  it('answers NAAC to a PSU without eligible account', async () => {
    const carol = await fixture.psu('carol');
    const answer = await accounts(carol);
    expect([answer.status, errorCode(answer)]).toEqual([404, 'NAAC']);
  });

  it('refuses a page past the only page with IPGN', async () => {
    const answer = await accounts(alice, 'v1.4.2', '?page=2');
    expect([answer.status, errorCode(answer)]).toEqual([400, 'IPGN']);
  });

  it('lists a professional PSU at 30303 with usage ORGA', async () => {
    const dave = await fixture.psu('dave', '30303');
    expect(dave.identifier).toMatch(/^\d{6}-\d{2}$/);
    const answer = await accounts(dave);
    expect(pick(list(answer.json, 'accounts')[0], 'usage')).toBe('ORGA');
    expect(String(pick(list(answer.json, 'accounts')[0], 'accountId', 'iban')).slice(4, 9)).toBe('30303');
  });
});

describe('PUT /consents', () => {
  it('records a consent (201, no body) without a prior GET /accounts and refuses an IBAN of another PSU (403)', async () => {
    const psu = await fixture.psu('alice');
    const listed = await accounts(alice);
    expect(listed.status).toBe(200);
    const own = String(
      pick(list((await fixture.ais(psu, '/stet/psd2/v1/accounts')).json, 'accounts')[0], 'accountId', 'iban'),
    );
    const fresh = await fixture.psu('alice');
    const answer = await fixture.consent(fresh, 'v1', { ...empty, balances: [{ iban: own }] });
    // The IBAN of another PSU cannot be recorded; the fresh PSU's own IBAN can.
    expect([answer.status, errorCode(answer)]).toEqual([403, 'CONSENT_REFUSED']);
    const mine = String(
      pick(
        list((await fixture.ais(fresh, '/stet/psd2/v1/accounts')).json, 'accounts')[0],
        'accountId',
        'iban',
      ),
    );
    const other = await fixture.psu('alice');
    const recorded = await fixture.consent(other, 'v1', { ...empty, transactions: [] });
    expect([recorded.status, recorded.text]).toEqual([201, '']);
    const ok = await fixture.consent(fresh, 'v1', { ...empty, balances: [{ iban: mine }] });
    expect([ok.status, ok.text]).toEqual([201, '']);
  });

  it('validates the body per version with the spec schemas (400 FF01)', async () => {
    const cases: Array<[string, unknown]> = [
      ['v1.6.2', empty],
      ['v1.6.2', { ...empty162, owners: undefined }],
      ['v1.4.2', { transactions: [], trustedBeneficiaries: false, psuIdentity: false }],
      ['v1.4.2', { ...empty, balances: [{ iban: ibanA(), currency: 'EUR' }] }],
      ['v1', { ...empty, psuIdentity: 'yes' }],
      ['v1', { ...empty, nickname: 'x' }],
    ];
    for (const [version, body] of cases) {
      const answer = await fixture.ais(alice, `/stet/psd2/${version}/consents`, { method: 'PUT', body });
      expect([version, answer.status, errorCode(answer)]).toEqual([version, 400, 'FF01']);
    }
    expect((await fixture.consent(alice, 'v1.6.2', empty162)).status).toBe(201);
  });

  it('lists consented accounts, their card, balances and links per function after a consent', async () => {
    const psu = await fixture.psu('alice');
    const own = await fixture.ais(psu, '/stet/psd2/v1.6.2/accounts');
    const a = byIban(own, String(pick(list(own.json, 'accounts')[0], 'accountId', 'iban')));
    const ibanOfA = String(pick(a, 'accountId', 'iban'));
    const ibanOfB = String(pick(list(own.json, 'accounts')[2], 'accountId', 'iban'));
    const answer = await fixture.consent(psu, 'v1.6.2', {
      ...empty162,
      balances: [{ iban: ibanOfA }],
      transactions: [{ iban: ibanOfA }, { iban: ibanOfB }],
      overdrafts: [{ iban: ibanOfA }],
      psuIdentity: true,
    });
    expect(answer.status).toBe(201);
    const listed = await fixture.ais(psu, '/stet/psd2/v1.6.2/accounts');
    expect(schemaErrors('v1.6.2', 'GET', '/stet/psd2/v1.6.2/accounts', listed)).toEqual([]);
    const items = list(listed.json, 'accounts');
    expect(items).toHaveLength(4);
    const accountA = byIban(listed, ibanOfA);
    expect(Object.keys(pick(accountA, '_links') ?? {}).sort()).toEqual([
      'balances',
      'overdrafts',
      'transactions',
    ]);
    expect(list(accountA, 'balances').map((b) => pick(b, 'balanceType'))).toEqual(['VALU', 'CLBD', 'OTHR']);
    const accountB = byIban(listed, ibanOfB);
    expect(Object.keys(pick(accountB, '_links') ?? {})).toEqual(['transactions']);
    expect(pick(accountB, 'balances')).toBeUndefined();
    const card = items.find((i) => pick(i, 'accountId', 'other', 'schemeName') === 'CPAN');
    expect(pick(card, 'linkedAccount')).toBe(pick(accountA, 'resourceId'));
    expect(Object.keys(pick(card, '_links') ?? {}).sort()).toEqual(['balances', 'transactions']);
    expect(pick(listed.json, '_links', 'endUserIdentity', 'href')).toBe(
      '/stet/psd2/v1.6.2/end-user-identity',
    );
    expect(listed.text).not.toMatch(/trusted/i);
    const balances = await fixture.ais(psu, String(pick(accountA, '_links', 'balances', 'href')));
    expect(balances.status).toBe(200);
  });

  it('replaces the previous consent whole, per function', async () => {
    await fixture.consent(alice, 'v1.4.2', {
      ...empty,
      balances: [{ iban: ibanA() }],
      transactions: [{ iban: ibanA() }],
    });
    const first = byIban(await accounts(alice), ibanA());
    const id = String(pick(first, 'resourceId'));
    expect((await fixture.ais(alice, `/stet/psd2/v1.4.2/accounts/${id}/transactions`)).status).toBe(200);
    await fixture.consent(alice, 'v1.4.2', { ...empty, balances: [{ iban: ibanA() }] });
    const second = byIban(await accounts(alice), ibanA());
    expect(Object.keys(pick(second, '_links') ?? {})).toEqual(['balances']);
    const refused = await fixture.ais(alice, `/stet/psd2/v1.4.2/accounts/${id}/transactions`);
    expect([refused.status, errorCode(refused)]).toEqual([403, 'NGAC']);
    expect((await fixture.ais(alice, `/stet/psd2/v1.4.2/accounts/${id}/balances`)).status).toBe(200);
    await fixture.consent(alice, 'v1.4.2', { ...empty, transactions: [{ iban: ibanB() }] });
    expect(byIban(await accounts(alice), ibanA())).toBeUndefined();
  });

  it('revokes every account with empty lists: the list is back to all accounts without links', async () => {
    await fixture.consent(alice, 'v1.4.2', { ...empty, balances: [{ iban: ibanA() }] });
    await fixture.consent(alice, 'v1.4.2', empty);
    const listed = await accounts(alice);
    expect(list(listed.json, 'accounts')).toHaveLength(3);
    const id = String(pick(byIban(listed, ibanA()), 'resourceId'));
    expect(pick(byIban(listed, ibanA()), '_links')).toEqual({});
    const refused = await fixture.ais(alice, `/stet/psd2/v1.4.2/accounts/${id}/balances`);
    expect(errorCode(refused)).toBe('NGAC');
  });

  it('covers every currency of a consented IBAN', async () => {
    await fixture.consent(alice, 'v1.6.2', { ...empty162, balances: [{ iban: ibanA(), currency: 'EUR' }] });
    const listed = await fixture.ais(alice, '/stet/psd2/v1.6.2/accounts');
    const usd = byIban(listed, ibanA(), 'USD');
    expect(list(usd, 'balances').map((b) => pick(b, 'balanceType'))).toEqual(['OTHR']);
    const balances = await fixture.ais(alice, String(pick(usd, '_links', 'balances', 'href')));
    expect(list(balances.json, 'balances')).toHaveLength(1);
    expect(pick(list(balances.json, 'balances')[0], 'balanceAmount', 'currency')).toBe('USD');
  });
});

describe('other AIS resources', () => {
  it('gives the end-user identity only with psuIdentity', async () => {
    await fixture.consent(alice, 'v1', { ...empty, psuIdentity: true });
    const answer = await fixture.ais(alice, '/stet/psd2/v1/end-user-identity');
    expect(answer.status).toBe(200);
    expect(pick(answer.json, 'identity')).toEqual({
      fullName: 'Alice Martin',
      firstName: 'Alice',
      lastName: 'Martin',
    });
    expect(schemaErrors('v1', 'GET', '/stet/psd2/v1/end-user-identity', answer)).toEqual([]);
    await fixture.consent(alice, 'v1', empty);
    expect(errorCode(await fixture.ais(alice, '/stet/psd2/v1/end-user-identity'))).toBe('NGAC');
  });

  it('answers 501 to transactions details and trusted beneficiaries in both spellings', async () => {
    const id = String(pick(list((await accounts(alice)).json, 'accounts')[0], 'resourceId'));
    for (const path of [
      `accounts/${id}/transactions/details`,
      'trusted-beneficiaries',
      'trustedBeneficiaries',
    ]) {
      const answer = await fixture.ais(alice, `/stet/psd2/v1.4.2/${path}`);
      expect([path, answer.status, errorCode(answer)]).toEqual([path, 501, 'NIMP']);
    }
  });

  it('answers 405 NIMP to a wrong verb and 404 to overdrafts before v1.6.2', async () => {
    const post = await fixture.ais(alice, '/stet/psd2/v1.4.2/accounts', { method: 'POST', body: {} });
    expect([post.status, errorCode(post)]).toEqual([405, 'NIMP']);
    const id = String(pick(list((await accounts(alice)).json, 'accounts')[0], 'resourceId'));
    const overdrafts = await fixture.ais(alice, `/stet/psd2/v1.4.2/accounts/${id}/overdrafts`);
    expect(overdrafts.status).toBe(404);
  });

  it('gives overdrafts and owners in v1.6.2 for accounts in those lists', async () => {
    await fixture.consent(alice, 'v1.6.2', {
      ...empty162,
      overdrafts: [{ iban: ibanA() }],
      owners: [{ iban: ibanB() }],
    });
    const listed = await fixture.ais(alice, '/stet/psd2/v1.6.2/accounts');
    const overdrafts = await fixture.ais(
      alice,
      String(pick(byIban(listed, ibanA()), '_links', 'overdrafts', 'href')),
    );
    expect(pick(overdrafts.json, 'overdrafts', 'allowedAmount')).toEqual({
      amount: '1500.00',
      currency: 'EUR',
    });
    expect(
      schemaErrors(
        'v1.6.2',
        'GET',
        String(pick(byIban(listed, ibanA()), '_links', 'overdrafts', 'href')),
        overdrafts,
      ),
    ).toEqual([]);
    const owners = await fixture.ais(
      alice,
      String(pick(byIban(listed, ibanB()), '_links', 'owners', 'href')),
    );
    expect(list(owners.json, 'identities').map((o) => pick(o, 'firstName'))).toEqual(['Alice', 'Marc']);
    const idA = String(pick(byIban(listed, ibanA()), 'resourceId'));
    expect(errorCode(await fixture.ais(alice, `/stet/psd2/v1.6.2/accounts/${idA}/owners`))).toBe('NGAC');
  });

  it('knows nothing of a resourceId of another PSU (404 AC01)', async () => {
    const other = await fixture.psu('alice');
    const foreign = String(pick(list((await accounts(other)).json, 'accounts')[0], 'resourceId'));
    const answer = await fixture.ais(alice, `/stet/psd2/v1.4.2/accounts/${foreign}/balances`);
    expect([answer.status, errorCode(answer)]).toEqual([404, 'AC01']);
  });
});
