import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { list, pick, schemaErrors } from '../reference-ais/ais-fixture.ts';
import { CbpiiPispFixture, codeOf, type ClonedPsu } from './fixture.ts';

let f: CbpiiPispFixture;

/**
 * A cloned alice with a CBPII token of one scope and an AISP token, the IBAN of her euro account A
 * and what it can spend (instant balance + overdraft) in cents. One clone per scope: piisp and cbpii
 * are the same role, and a PSU holds one token set per TPP and role (seed: Tokens).
 */
interface Holder {
  readonly psu: ClonedPsu;
  readonly token: string;
  readonly aispToken: string;
  readonly iban: string;
  readonly resourceId: string;
  readonly limitCents: bigint;
}

let v1: Holder;
let v142: Holder;

const path = (version: string) => `/stet/psd2/${version}/funds-confirmations`;

function body(holder: Holder, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    paymentCoverageRequestId: 'cov-1',
    payee: 'Merchant',
    instructedAmount: { currency: 'EUR', amount: '10.00' },
    accountId: { iban: holder.iban, currency: 'EUR' },
    ...overrides,
  };
}

function cents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return amount.startsWith('-') ? -value : value;
}

function amount(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

async function readLimit(holder: Omit<Holder, 'limitCents'>): Promise<bigint> {
  const base = `/stet/psd2/v1.6.2/accounts/${holder.resourceId}`;
  const balances = await f.call({ path: `${base}/balances`, token: holder.aispToken });
  const instant = list(balances.json, 'balances').find((b) => pick(b, 'balanceType') === 'OTHR');
  const overdraft = await f.call({ path: `${base}/overdrafts`, token: holder.aispToken });
  const allowed = pick(overdraft.json, 'overdrafts', 'allowedAmount', 'amount');
  return (
    cents(String(pick(instant, 'balanceAmount', 'amount'))) +
    cents(typeof allowed === 'string' ? allowed : '0')
  );
}

/** A holder whose account A can spend something (generated histories may leave it overdrawn). */
async function holder(scope: 'piisp' | 'cbpii'): Promise<Holder> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const candidate = await anyHolder(scope);
    if (candidate.limitCents > 0n) return candidate;
  }
  throw new Error('no clone of alice with available funds');
}

async function anyHolder(scope: 'piisp' | 'cbpii'): Promise<Holder> {
  const psu = await f.psu('alice');
  const token = await f.codeFlowToken(psu, scope);
  const aispToken = await f.codeFlowToken(psu, 'aisp');
  const accounts = await f.call({ path: '/stet/psd2/v1.6.2/accounts', token: aispToken });
  const iban = String(pick(list(accounts.json, 'accounts')[0], 'accountId', 'iban'));
  const consent = await f.call({
    method: 'PUT',
    path: '/stet/psd2/v1.6.2/consents',
    token: aispToken,
    body: {
      balances: [{ iban }],
      transactions: [],
      overdrafts: [{ iban }],
      owners: [],
      trustedBeneficiaries: false,
      psuIdentity: false,
    },
  });
  expect(consent.status).toBe(201);
  const consented = await f.call({ path: '/stet/psd2/v1.6.2/accounts', token: aispToken });
  const accountA = list(consented.json, 'accounts').find(
    (a) => pick(a, 'accountId', 'iban') === iban && pick(a, 'accountId', 'currency') === 'EUR',
  );
  const partial = { psu, token, aispToken, iban, resourceId: String(pick(accountA, 'resourceId')) };
  return { ...partial, limitCents: await readLimit(partial) };
}

beforeAll(async () => {
  f = await CbpiiPispFixture.start();
  [v1, v142] = await Promise.all([holder('piisp'), holder('cbpii')]);
}, 120_000);
afterAll(async () => f.close());

describe('funds confirmation scopes per version', () => {
  it('answers on v1 with a piisp token and on v1.4.2 with a cbpii token, in the spec shape', async () => {
    for (const [version, holder] of [
      ['v1', v1],
      ['v1.4.2', v142],
    ] as const) {
      const answer = await f.call({
        method: 'POST',
        path: path(version),
        token: holder.token,
        body: body(holder),
      });
      expect(answer.status).toBe(200);
      expect(schemaErrors(version, 'POST', path(version), answer)).toEqual([]);
      expect(pick(answer.json, 'result')).toBe(holder.limitCents >= 1000n);
      expect(pick(answer.json, 'request')).toEqual({
        paymentCoverageRequestId: 'cov-1',
        instructedAmount: { currency: 'EUR', amount: '10.00' },
        accountId: { iban: holder.iban, currency: 'EUR' },
      });
      expect(pick(answer.json, '_links', 'self', 'href')).toBe(path(version));
    }
  });

  it('refuses the other version scope with 403 BADS both ways', async () => {
    const v1WithCbpii = await f.call({
      method: 'POST',
      path: path('v1'),
      token: v142.token,
      body: body(v142),
    });
    const v142WithPiisp = await f.call({
      method: 'POST',
      path: path('v1.4.2'),
      token: v1.token,
      body: body(v1),
    });
    expect([v1WithCbpii.status, codeOf(v1WithCbpii)]).toEqual([403, 'BADS']);
    expect([v142WithPiisp.status, codeOf(v142WithPiisp)]).toEqual([403, 'BADS']);
  });

  it('judges the scope after the JSON syntax but before the body schema (pipeline body stage and admit)', async () => {
    const call = (sent: unknown) =>
      f.call({ method: 'POST', path: path('v1'), token: v142.token, body: sent });
    const schemaRefused = await call({ paymentCoverageRequestId: 'cov-1' });
    expect([schemaRefused.status, codeOf(schemaRefused)]).toEqual([403, 'BADS']);
    const malformed = await call('{"paymentCoverageRequestId":');
    expect([malformed.status, codeOf(malformed)]).toEqual([400, 'FF01']);
    const rightScope = await f.call({
      method: 'POST',
      path: path('v1'),
      token: v1.token,
      body: { paymentCoverageRequestId: 'cov-1' },
    });
    expect([rightScope.status, codeOf(rightScope)]).toEqual([400, 'FF01']);
  });

  it('refuses an AISP token on funds confirmation and a CBPII token on an AIS resource with 403 BADS', async () => {
    const aispOnCbpii = await f.call({
      method: 'POST',
      path: path('v1.4.2'),
      token: v142.aispToken,
      body: body(v142),
    });
    const cbpiiOnAis = await f.call({ path: '/stet/psd2/v1.4.2/accounts', token: v142.token });
    expect([aispOnCbpii.status, codeOf(aispOnCbpii)]).toEqual([403, 'BADS']);
    expect([cbpiiOnAis.status, codeOf(cbpiiOnAis)]).toEqual([403, 'BADS']);
  });

  it('has no funds confirmation in v1.6.2', async () => {
    const answer = await f.call({
      method: 'POST',
      path: path('v1.6.2'),
      token: v142.token,
      body: body(v142),
    });
    expect(answer.status).toBe(404);
  });
});

describe('funds confirmation answer', () => {
  it('answers yes up to the instant balance plus overdraft and no one cent above', async () => {
    expect(v142.limitCents).toBeGreaterThan(0n);
    const at = await f.call({
      method: 'POST',
      path: path('v1.4.2'),
      token: v142.token,
      body: body(v142, { instructedAmount: { currency: 'EUR', amount: amount(v142.limitCents) } }),
    });
    const above = await f.call({
      method: 'POST',
      path: path('v1.4.2'),
      token: v142.token,
      body: body(v142, { instructedAmount: { currency: 'EUR', amount: amount(v142.limitCents + 1n) } }),
    });
    expect([at.status, pick(at.json, 'result')]).toEqual([200, true]);
    expect([above.status, pick(above.json, 'result')]).toEqual([200, false]);
  });

  it('reserves nothing: two checks of the whole available amount agree and balances stay the same', async () => {
    const check = () =>
      f.call({
        method: 'POST',
        path: path('v1'),
        token: v1.token,
        body: body(v1, { instructedAmount: { currency: 'EUR', amount: amount(v1.limitCents) } }),
      });
    const first = await check();
    const second = await check();
    expect([pick(first.json, 'result'), pick(second.json, 'result')]).toEqual([true, true]);
    expect(await readLimit(v1)).toBe(v1.limitCents);
  });

  it('accepts a body without payee', async () => {
    const { payee: _payee, ...withoutPayee } = body(v142);
    const answer = await f.call({
      method: 'POST',
      path: path('v1.4.2'),
      token: v142.token,
      body: withoutPayee,
    });
    expect(answer.status).toBe(200);
  });
});

describe('funds confirmation refusals', () => {
  it.each<[string, Record<string, unknown> | '']>([
    ['an empty body', ''],
    ['a body without paymentCoverageRequestId', { paymentCoverageRequestId: undefined }],
    [
      'a body without instructedAmount.amount',
      { paymentCoverageRequestId: 'x', instructedAmount: { currency: 'EUR' } },
    ],
    [
      'a body without instructedAmount.currency',
      { paymentCoverageRequestId: 'x', instructedAmount: { amount: '1.00' } },
    ],
    ['an amount that is a number, not a string', { instructedAmount: { currency: 'EUR', amount: 1 } }],
    [
      'an invalid schemeName in accountId.other',
      { accountId: { iban: 'IBAN', other: { identification: '1', schemeName: 'XXXX' } } },
    ],
  ])('answers 400 FF01 for %s', async (_name, change) => {
    const sent = change === '' ? '' : body(v142, change);
    const answer = await f.call({
      method: 'POST',
      path: path('v1.4.2'),
      token: v142.token,
      body: sent,
      headers: { 'content-type': 'application/json' },
    });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'FF01']);
  });

  it.each([
    ['no accountId', { accountId: undefined }],
    [
      'an accountId addressed by other only',
      { accountId: { other: { identification: '4970123412341234', schemeName: 'CPAN' } } },
    ],
    ['an IBAN with a wrong check digit', { accountId: { iban: 'FR7610101000000000000000001' } }],
  ])('answers 400 AC01 for %s', async (_name, change) => {
    const sent = body(v142, change);
    if (change.accountId === undefined) delete sent.accountId;
    const answer = await f.call({ method: 'POST', path: path('v1.4.2'), token: v142.token, body: sent });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'AC01']);
  });

  it('answers 404 AC01 for a valid IBAN that is not an account of the PSU', async () => {
    const answer = await f.call({
      method: 'POST',
      path: path('v1.4.2'),
      token: v142.token,
      body: body(v142, { accountId: { iban: 'FR7630004000031234567890143' } }),
    });
    expect([answer.status, codeOf(answer)]).toEqual([404, 'AC01']);
  });

  it.each(['GET', 'PUT', 'DELETE'])('answers 405 to %s', async (method) => {
    const answer = await f.call({
      method,
      path: path('v1'),
      token: v1.token,
      body: method === 'GET' || method === 'DELETE' ? undefined : body(v1),
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toContain('POST');
  });

  it('is not offered by institution 30303 (501 NIMP)', async () => {
    const dave = await f.psu('dave', '30303');
    const token = await f.codeFlowToken(dave, 'cbpii');
    const answer = await f.call({
      method: 'POST',
      path: path('v1.4.2'),
      institution: '30303',
      token,
      body: body(v142),
    });
    expect([answer.status, codeOf(answer)]).toEqual([501, 'NIMP']);
  });
});
