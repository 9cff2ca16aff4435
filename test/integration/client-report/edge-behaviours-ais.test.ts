import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { list, pick, startAisFixture, type AisFixture, type TestPsu } from '../reference-ais/ais-fixture.ts';

let fixture: AisFixture;

beforeAll(async () => {
  fixture = await startAisFixture();
}, 60_000);

afterAll(async () => {
  await fixture.close();
});

/** alice with balances and transactions consented, and the links of her current account. */
async function alice(): Promise<{ psu: TestPsu; balances: string; transactions: string }> {
  const psu = await fixture.psu('alice');
  const accounts = list((await fixture.ais(psu, '/stet/psd2/v1.6.2/accounts')).json, 'accounts');
  const ids = accounts.map((a) => ({ iban: String(pick(a, 'accountId', 'iban')) }));
  const consent = {
    balances: ids,
    transactions: ids,
    overdrafts: [],
    owners: [],
    trustedBeneficiaries: false,
    psuIdentity: false,
  };
  expect((await fixture.consent(psu, 'v1.6.2', consent)).status).toBe(201);
  const listed = list((await fixture.ais(psu, '/stet/psd2/v1.6.2/accounts')).json, 'accounts');
  const current = listed.find((a) => String(pick(a, 'name')) === 'Compte courant Alice Martin');
  return {
    psu,
    balances: String(pick(current, '_links', 'balances', 'href')),
    transactions: String(pick(current, '_links', 'transactions', 'href')),
  };
}

const switchOn = (body: unknown) => fixture.sandbox('/edge-behaviours', { method: 'POST', body });

describe('edge behaviours on account information', () => {
  it('cut transactions in pages of the size asked, with next links to follow', async () => {
    const { psu, transactions } = await alice();
    expect((await switchOn({ behaviour: 'many-pages', pageSize: 7 })).status).toBe(201);
    const first = await fixture.ais(psu, transactions);
    expect(list(first.json, 'transactions')).toHaveLength(7);
    const next = pick(first.json, '_links', 'next', 'href');
    expect(String(next)).toContain('page=2');
    expect(list((await fixture.ais(psu, String(next))).json, 'transactions')).toHaveLength(7);
    await fixture.sandbox('/edge-behaviours/reset', { method: 'POST' });
    expect(list((await fixture.ais(psu, transactions)).json, 'transactions')).toHaveLength(200);
  });

  it('put the calls in the accounting batch window: no VALU', async () => {
    const { psu, balances } = await alice();
    await switchOn({ behaviour: 'accounting-batch' });
    const during = await fixture.ais(psu, balances);
    expect(list(during.json, 'balances').map((b) => pick(b, 'balanceType'))).not.toContain('VALU');
    await fixture.sandbox('/edge-behaviours/reset', { method: 'POST' });
  });
});
