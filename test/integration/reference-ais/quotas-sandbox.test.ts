import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, list, pick, startAisFixture, type AisFixture } from './ais-fixture.ts';

let fixture: AisFixture;

beforeAll(async () => {
  fixture = await startAisFixture();
});

afterAll(async () => {
  await fixture.close();
});

const empty = { balances: [], transactions: [], trustedBeneficiaries: false, psuIdentity: false };

describe('batch quotas', () => {
  it('allows 4 batch GET /accounts a Paris day and refuses the fifth with 429 TMRQ', async () => {
    const psu = await fixture.psu('alice');
    for (let i = 0; i < 4; i++)
      expect((await fixture.ais(psu, '/stet/psd2/v1/accounts', { batch: true })).status).toBe(200);
    const fifth = await fixture.ais(psu, '/stet/psd2/v1/accounts', { batch: true });
    expect([fifth.status, errorCode(fifth)]).toEqual([429, 'TMRQ']);
    expect((await fixture.ais(psu, '/stet/psd2/v1/accounts')).status).toBe(200);
  });

  it('does not limit nor count calls with PSU-IP-Address', async () => {
    const psu = await fixture.psu('alice');
    for (let i = 0; i < 6; i++) expect((await fixture.ais(psu, '/stet/psd2/v1/accounts')).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await fixture.ais(psu, '/stet/psd2/v1/accounts', { batch: true })).status).toBe(200);
  });

  it('counts balances per account and transactions per account and page', async () => {
    const psu = await fixture.psu('alice');
    const all = list((await fixture.ais(psu, '/stet/psd2/v1.4.2/accounts')).json, 'accounts');
    const ids = all.map((a) => ({ iban: String(pick(a, 'accountId', 'iban')) }));
    await fixture.consent(psu, 'v1.4.2', { ...empty, balances: ids, transactions: ids });
    const [a, b] = all.map((item) => String(pick(item, 'resourceId')));
    const balances = (id: string | undefined) =>
      fixture.ais(psu, `/stet/psd2/v1.4.2/accounts/${id}/balances`, { batch: true });
    for (let i = 0; i < 4; i++) expect((await balances(a)).status).toBe(200);
    expect(errorCode(await balances(a))).toBe('TMRQ');
    expect((await balances(b)).status).toBe(200);
    const transactions = (page: number) =>
      fixture.ais(psu, `/stet/psd2/v1.4.2/accounts/${a}/transactions?page=${page}`, { batch: true });
    for (let i = 0; i < 4; i++) expect((await transactions(1)).status).toBe(200);
    expect(errorCode(await transactions(1))).toBe('TMRQ');
    expect((await transactions(2)).status).toBe(200);
  });

  it('starts counting again on the next Paris day of the PSU clock', async () => {
    const first = await fixture.psu('alice');
    for (let i = 0; i < 4; i++) await fixture.ais(first, '/stet/psd2/v1/accounts', { batch: true });
    expect(errorCode(await fixture.ais(first, '/stet/psd2/v1/accounts', { batch: true }))).toBe('TMRQ');
    await fixture.sandbox(`/psus/${first.psuId}/clock`, { body: { travel: 'P1D' } });
    const psu = await fixture.authorize(first);
    expect((await fixture.ais(psu, '/stet/psd2/v1/accounts', { batch: true })).status).toBe(200);
  });
});

describe('sandbox control API', () => {
  it('lists the personas of the institution with their identifiers there', async () => {
    const answer = await fixture.sandbox('/personas', { method: 'GET' });
    expect(answer.status).toBe(200);
    const names = list(answer.json, 'personas').map((p) => pick(p, 'name'));
    expect(names).toEqual(expect.arrayContaining(['alice', 'bob', 'carol', 'erin', 'frank']));
    expect(names).not.toContain('dave');
    const gamma = await fixture.sandbox('/personas', { method: 'GET', institution: '30303' });
    const dave = list(gamma.json, 'personas').find((p) => pick(p, 'name') === 'dave');
    expect(pick(dave, 'identifier')).toBe('123456-01');
  });

  it('clones a persona with a fresh psuId, identifier and the sandbox OTP, and refuses unknown ones', async () => {
    const clone = await fixture.sandbox('/psus', { body: { persona: 'bob' } });
    expect(clone.status).toBe(201);
    expect(pick(clone.json, 'otp')).toBe('12345678');
    expect(pick(clone.json, 'persona')).toBe('bob');
    expect(String(pick(clone.json, 'psuId'))).not.toBe('bob');
    const unknown = await fixture.sandbox('/psus', { body: { persona: 'mallory' } });
    expect([unknown.status, errorCode(unknown)]).toEqual([400, 'FF01']);
    const missing = await fixture.sandbox('/psus/nobody/reset');
    expect([missing.status, errorCode(missing)]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });

  it('lets the persona templates be used directly, as at a real bank', async () => {
    const alice = await fixture.authorize({ psuId: 'alice', identifier: '10000001', institution: '10101' });
    const answer = await fixture.ais(alice, '/stet/psd2/v1.6.2/accounts');
    expect(list(answer.json, 'accounts')).toHaveLength(4);
  });

  it('moves one PSU clock only', async () => {
    const one = await fixture.psu('alice');
    const other = await fixture.psu('alice');
    const moved = await fixture.sandbox(`/psus/${one.psuId}/clock`, { body: { at: '2031-01-15T10:00:00Z' } });
    expect(pick(moved.json, 'now')).toMatch(/^2031-01-15T10:00:0/);
    const travelled = await fixture.sandbox(`/psus/${one.psuId}/clock`, { body: { travel: 'P1D' } });
    expect(pick(travelled.json, 'now')).toMatch(/^2031-01-16T10:00:0/);
    expect((await fixture.ais(other, '/stet/psd2/v1/accounts')).status).toBe(200);
    const bad = await fixture.sandbox(`/psus/${one.psuId}/clock`, { body: { travel: 'next week' } });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'FF01']);
  });

  it('revokes every token of a PSU', async () => {
    const psu = await fixture.psu('alice');
    expect((await fixture.sandbox(`/psus/${psu.psuId}/revoke-tokens`)).status).toBe(204);
    const answer = await fixture.ais(psu, '/stet/psd2/v1/accounts');
    expect([answer.status, errorCode(answer)]).toEqual([401, 'invalid_token']);
  });

  it('resets a PSU: no consent, no token, no quota used, clock back', async () => {
    const psu = await fixture.psu('alice');
    const iban = String(
      pick(list((await fixture.ais(psu, '/stet/psd2/v1/accounts')).json, 'accounts')[0], 'accountId', 'iban'),
    );
    await fixture.consent(psu, 'v1', { ...empty, balances: [{ iban }] });
    for (let i = 0; i < 4; i++) await fixture.ais(psu, '/stet/psd2/v1/accounts', { batch: true });
    await fixture.sandbox(`/psus/${psu.psuId}/clock`, { body: { travel: 'PT10M' } });
    expect((await fixture.sandbox(`/psus/${psu.psuId}/reset`)).status).toBe(204);
    expect((await fixture.ais(psu, '/stet/psd2/v1/accounts')).status).toBe(401);
    const again = await fixture.authorize(psu);
    const listed = await fixture.ais(again, '/stet/psd2/v1/accounts', { batch: true });
    expect(listed.status).toBe(200);
    expect(
      list(listed.json, 'accounts').every((a) => Object.keys(pick(a, '_links') ?? {}).length === 0),
    ).toBe(true);
    const clock = await fixture.sandbox(`/psus/${psu.psuId}/clock`, { body: { travel: 'PT0S' } });
    expect(Math.abs(Date.parse(String(pick(clock.json, 'now'))) - Date.now())).toBeLessThan(60_000);
  });
});

describe('sandbox control API in live mode', () => {
  it('answers 404 SANDBOX_OFF', async () => {
    const live = await startAisFixture({ mode: 'live' });
    try {
      const answer = await live.sandbox('/personas', { method: 'GET' });
      expect([answer.status, errorCode(answer)]).toEqual([404, 'SANDBOX_OFF']);
      const clone = await live.sandbox('/psus', { body: { persona: 'alice' } });
      expect(errorCode(clone)).toBe('SANDBOX_OFF');
    } finally {
      await live.close();
    }
  });
});
