/**
 * The isolation matrix: every token (TPP × PSU × institution × role × access/refresh) used by every
 * TPP, at every institution, on a resource of every role. Only the token's own TPP, at its own
 * institution, on its own role's resource, with the access token, gets an answer, and that answer
 * shows its own PSU's data; every other combination is refused (401/403), never served nor a 5xx.
 * The sandbox control API is in the matrix too: a TPP reaches only the PSUs it cloned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StartLineTpp } from '../../reference-aspsp/index.ts';
import { list, pick } from '../integration/reference-ais/ais-fixture.ts';
import { CbpiiPispFixture, type ClonedPsu } from '../integration/reference-cbpii-pisp/fixture.ts';
import { PsuBrowser } from '../integration/reference-core/psu-journey.ts';

type Role = 'aisp' | 'cbpii';
const institutions = ['10101', '20202'] as const;

interface Issued {
  readonly name: string;
  readonly tpp: StartLineTpp;
  readonly institution: string;
  readonly psu: ClonedPsu;
  readonly role: Role;
  readonly access: string;
  readonly refresh: string;
  /** The PSU's account ids and IBANs, read with its AISP token. */
  readonly accountIds: readonly string[];
  readonly iban: string;
}

let f: CbpiiPispFixture;
const issued: Issued[] = [];

async function cloneAs(tpp: StartLineTpp, institution: string): Promise<ClonedPsu> {
  const answer = await f.client.call({
    method: 'POST',
    path: '/sandbox/v1/psus',
    host: f.host(institution),
    tpp,
    sign: false,
    body: JSON.stringify({ persona: 'alice' }),
    headers: { 'content-type': 'application/json' },
  });
  const psuId = pick(answer.json, 'psuId');
  const identifier = pick(answer.json, 'identifier');
  if (typeof psuId !== 'string' || typeof identifier !== 'string') throw new Error(answer.text);
  return { psuId, identifier, institution };
}

async function tokensFor(
  tpp: StartLineTpp,
  psu: ClonedPsu,
  role: Role,
): Promise<{ access: string; refresh: string }> {
  const browser = new PsuBrowser(f.client, f.host(psu.institution));
  const page = await browser.open({
    response_type: 'code',
    client_id: tpp.clientId,
    redirect_uri: tpp.redirectUri,
    scope: role,
    state: 'st',
    login_hint: psu.identifier,
  });
  const consent = await browser.submit(page, { otp: '12345678' });
  const code = PsuBrowser.redirectOf(await browser.submit(consent, { decision: 'accept' }))?.searchParams.get(
    'code',
  );
  if (typeof code !== 'string') throw new Error(`no ${role} code for ${tpp.clientId}`);
  const answer = await f.token(
    { grant_type: 'authorization_code', client_id: tpp.clientId, code, redirect_uri: tpp.redirectUri },
    psu.institution,
    { tpp },
  );
  const access = pick(answer.json, 'access_token');
  const refresh = pick(answer.json, 'refresh_token');
  if (typeof access !== 'string' || typeof refresh !== 'string') throw new Error(answer.text);
  return { access, refresh };
}

beforeAll(async () => {
  f = await CbpiiPispFixture.start();
  const tpps: Array<[string, StartLineTpp, Role[]]> = [
    ['tpp', f.tpp, ['aisp', 'cbpii']],
    ['aispOnly', f.reference.info.tpps.aispOnly, ['aisp']],
  ];
  for (const institution of institutions) {
    for (const [name, tpp, roles] of tpps) {
      const psu = await cloneAs(tpp, institution);
      const aisp = await tokensFor(tpp, psu, 'aisp');
      const accounts = await f.call({
        path: '/stet/psd2/v1.6.2/accounts',
        token: aisp.access,
        institution,
        tpp,
      });
      const items = list(accounts.json, 'accounts');
      const accountIds = items.map((a) => String(pick(a, 'resourceId')));
      const iban = String(pick(items[0], 'accountId', 'iban'));
      for (const role of roles) {
        const tokens = role === 'aisp' ? aisp : await tokensFor(tpp, psu, role);
        issued.push({
          name: `${name}/${institution}/${role}`,
          tpp,
          institution,
          psu,
          role,
          ...tokens,
          accountIds,
          iban,
        });
      }
    }
  }
}, 180_000);

afterAll(async () => {
  await f.close();
});

/** A call of a resource of `role` with `token`, by `caller` at `institution`, for the PSU of `owner`. */
function resourceCall(
  role: Role,
  owner: Issued,
  call: { token: string; caller: StartLineTpp; institution: string },
) {
  return role === 'aisp'
    ? f.call({
        path: '/stet/psd2/v1.6.2/accounts',
        token: call.token,
        institution: call.institution,
        tpp: call.caller,
      })
    : f.call({
        method: 'POST',
        path: '/stet/psd2/v1.4.2/funds-confirmations',
        token: call.token,
        institution: call.institution,
        tpp: call.caller,
        body: {
          paymentCoverageRequestId: 'cov-1',
          payee: 'Merchant',
          instructedAmount: { currency: 'EUR', amount: '1.00' },
          accountId: { iban: owner.iban, currency: 'EUR' },
        },
      });
}

describe('the isolation matrix (TPP × PSU × institution × role × token kind)', () => {
  it('serves a token only to its TPP, at its institution, for its role, as an access token, with its own PSU', async () => {
    const callers = [f.tpp, f.reference.info.tpps.aispOnly];
    const unexpected: string[] = [];
    let cells = 0;
    for (const token of issued) {
      for (const kind of ['access', 'refresh'] as const) {
        for (const caller of callers) {
          for (const institution of institutions) {
            for (const role of ['aisp', 'cbpii'] as const) {
              cells += 1;
              const answer = await resourceCall(role, token, { token: token[kind], caller, institution });
              const allowed =
                kind === 'access' &&
                caller === token.tpp &&
                institution === token.institution &&
                role === token.role;
              const cell = `${token.name} ${kind} by ${caller.clientId} at ${institution} on ${role}: ${answer.status}`;
              if (allowed) {
                if (answer.status !== 200) unexpected.push(`${cell} (expected 200)`);
                if (role === 'aisp') {
                  const ids = list(answer.json, 'accounts').map((a) => String(pick(a, 'resourceId')));
                  if (ids.join() !== token.accountIds.join()) unexpected.push(`${cell} shows other accounts`);
                  for (const other of issued.filter((o) => o.psu.psuId !== token.psu.psuId))
                    if (ids.some((id) => other.accountIds.includes(id)))
                      unexpected.push(`${cell} shares ids with ${other.name}`);
                }
              } else if (answer.status !== 401 && answer.status !== 403) {
                unexpected.push(`${cell} (expected 401 or 403)`);
              }
            }
          }
        }
      }
    }
    expect(cells).toBe(issued.length * 2 * 2 * 2 * 2);
    expect(unexpected).toEqual([]);
  }, 180_000);

  it('refreshes a refresh token only for its TPP at its institution', async () => {
    const unexpected: string[] = [];
    for (const token of issued) {
      for (const caller of [f.tpp, f.reference.info.tpps.aispOnly]) {
        for (const institution of institutions) {
          const own = caller === token.tpp && institution === token.institution;
          if (own) continue; // refreshing would replace the access token the other cells use
          const answer = await f.token(
            { grant_type: 'refresh_token', client_id: caller.clientId, refresh_token: token.refresh },
            institution,
            { tpp: caller },
          );
          if (answer.status < 400 || answer.status >= 500)
            unexpected.push(
              `${token.name} refreshed by ${caller.clientId} at ${institution}: ${answer.status}`,
            );
        }
      }
      const own = await f.token(
        { grant_type: 'refresh_token', client_id: token.tpp.clientId, refresh_token: token.refresh },
        token.institution,
        { tpp: token.tpp },
      );
      if (own.status !== 200) unexpected.push(`${token.name} refreshed by its own TPP: ${own.status}`);
    }
    expect(unexpected).toEqual([]);
  }, 120_000);

  it('lets a TPP drive through the sandbox API only the PSUs it cloned, at the institution it cloned them', async () => {
    const unexpected: string[] = [];
    for (const token of issued.filter((t) => t.role === 'aisp')) {
      for (const caller of [f.tpp, f.reference.info.tpps.aispOnly]) {
        for (const institution of institutions) {
          const answer = await f.client.call({
            method: 'POST',
            path: `/sandbox/v1/psus/${token.psu.psuId}/clock`,
            host: f.host(institution),
            tpp: caller,
            sign: false,
            body: JSON.stringify({ travel: 'PT0S' }),
            headers: { 'content-type': 'application/json' },
          });
          const allowed = caller === token.tpp && institution === token.institution;
          if (answer.status !== (allowed ? 200 : 404))
            unexpected.push(`${token.name} clock by ${caller.clientId} at ${institution}: ${answer.status}`);
        }
      }
    }
    expect(unexpected).toEqual([]);
  }, 60_000);
});
