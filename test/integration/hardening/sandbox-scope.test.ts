import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartLineTpp } from '../../../reference-aspsp/index.ts';
import { errorCode, startAisFixture, type AisFixture, type TestPsu } from '../reference-ais/ais-fixture.ts';
import type { Answer } from '../reference-core/reference-client.ts';

let fixture: AisFixture;
let other: StartLineTpp;

beforeAll(async () => {
  fixture = await startAisFixture();
  other = fixture.reference.info.tpps.aispOnly;
});

afterAll(async () => {
  await fixture.close();
});

const accounts = '/stet/psd2/v1.6.2/accounts';

/** A sandbox call made by the given TPP (the demo TPP when `tpp` is undefined). */
function sandboxAs(tpp: StartLineTpp | undefined, path: string, body?: unknown): Promise<Answer> {
  return fixture.client.call({
    method: 'POST',
    path: `/sandbox/v1${path}`,
    host: fixture.client.host('10101'),
    ...(tpp === undefined ? {} : { tpp }),
    sign: false,
    body: body === undefined ? '' : JSON.stringify(body),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

async function firstAccount(psu: TestPsu): Promise<string> {
  const answer = await fixture.ais(psu, accounts);
  const list = (answer.json as { accounts?: Array<{ resourceId?: unknown }> } | undefined)?.accounts;
  const id = list?.[0]?.resourceId;
  if (typeof id !== 'string') throw new Error(`no account: ${answer.text}`);
  return id;
}

describe('sandbox control API scoped to the calling TPP', () => {
  it('refuses every action of another TPP on a PSU the demo TPP cloned, as an unknown PSU, and changes nothing', async () => {
    const psu = await fixture.psu('alice');
    const account = await firstAccount(psu);
    const before = (await fixture.ais(psu, accounts)).json;
    const attempts: Array<[string, unknown]> = [
      [`/psus/${psu.psuId}/clock`, { travel: 'P200D' }],
      [`/psus/${psu.psuId}/reset`, undefined],
      [`/psus/${psu.psuId}/revoke-tokens`, undefined],
      [`/psus/${psu.psuId}/revoke-token`, { token: 'access' }],
      [`/psus/${psu.psuId}/accounts/${account}/block`, undefined],
      [`/psus/${psu.psuId}/accounts/${account}/close`, undefined],
      [`/psus/${psu.psuId}/accounts/${account}/book-pending`, undefined],
    ];
    for (const [path, body] of attempts) {
      const answer = await sandboxAs(other, path, body);
      expect([path, answer.status, errorCode(answer)]).toEqual([path, 404, 'RESOURCE_UNKNOWN']);
    }
    // The owner's token still works, its accounts read the same and its clock did not move.
    const after = await fixture.ais(psu, accounts);
    expect(after.status).toBe(200);
    expect(after.json).toEqual(before);
    const clock = await sandboxAs(undefined, `/psus/${psu.psuId}/clock`, { travel: 'PT0S' });
    expect(Math.abs(Date.parse(String((clock.json as { now?: unknown }).now)) - Date.now())).toBeLessThan(
      60_000,
    );
  });

  it('lets the TPP that cloned a PSU act on it', async () => {
    const created = await sandboxAs(other, '/psus', { persona: 'bob' });
    const psuId = (created.json as { psuId?: unknown }).psuId;
    expect(created.status).toBe(201);
    expect((await sandboxAs(other, `/psus/${String(psuId)}/clock`, { travel: 'P1D' })).status).toBe(200);
    expect((await sandboxAs(other, `/psus/${String(psuId)}/reset`)).status).toBe(204);
    expect((await sandboxAs(undefined, `/psus/${String(psuId)}/reset`)).status).toBe(404);
  });

  it('refuses to reset, move the clock of or change the accounts of a persona template (403 SANDBOX_TEMPLATE)', async () => {
    for (const [path, body] of [
      ['/psus/alice/reset', undefined],
      ['/psus/alice/clock', { travel: 'P1D' }],
      ['/psus/alice/accounts/anything/block', undefined],
    ] as const) {
      for (const tpp of [undefined, other]) {
        const answer = await sandboxAs(tpp, path, body);
        expect([path, answer.status, errorCode(answer)]).toEqual([path, 403, 'SANDBOX_TEMPLATE']);
      }
    }
  });

  it("revokes on a persona template only the calling TPP's own tokens", async () => {
    const mine = await fixture.authorize({ psuId: 'alice', identifier: '10000001', institution: '10101' });
    const revoked = await sandboxAs(other, '/psus/alice/revoke-tokens');
    expect(revoked.status).toBe(204);
    expect((await fixture.ais(mine, accounts)).status).toBe(200);
    const own = await sandboxAs(undefined, '/psus/alice/revoke-tokens');
    expect(own.status).toBe(204);
    expect((await fixture.ais(mine, accounts)).status).toBe(401);
  });
});
