import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseClonedPsu } from '../../../harness/client/cloned-psu.ts';
import { StetClient, type HttpExchange, type OutgoingRequest } from '../../../harness/client/stet-client.ts';
import { httpJourneyDriver } from '../../../harness/journeys/http-driver.ts';
import { parseReport, type RunReport } from '../../../harness/report/index.ts';
import { SecretSet } from '../../../harness/report/secret-set.ts';
import { loadTarget } from '../../../harness/targets/load-target.ts';
import { institutionHost, type Target } from '../../../harness/targets/target-definition.ts';
import { computeDigest } from '../../../protocol/index.ts';
import { startServe, stop, type CliProcess } from './serve-process.ts';

const institution = '10101';
const version = 'v1.6.2';

/** The rules the sloppy client below breaks on purpose, one mistake each. */
const broken = [
  'CLT-SIGNATURE', // one unsigned resource call
  'CLT-LINKS-NOT-BUILT', // transactions read at a path built by hand
  'CLT-BATCH-QUOTA', // a fifth batch read of the same balances today
  'CLT-CODE-ONCE', // the code exchanged a second time
  'CLT-TOKEN-NO-SCOPE', // scope in the authorization code form
];

describe('serve --client-report judging a sloppy client', () => {
  let dir: string;
  let serve: CliProcess;
  let target: Target;
  let client: StetClient | undefined;
  let report: RunReport;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'client-report-'));
    const started = await startServe([
      '--client-report',
      join(dir, 'reports'),
      '--write-target',
      join(dir, 'target.yaml'),
    ]);
    serve = started.process;
    try {
      // The target file serve wrote is how a TPP developer points a client at it.
      await waitFor(() => readFile(join(dir, 'target.yaml'), 'utf8'));
      target = loadTarget(join(dir, 'target.yaml'));
      client = new StetClient(target, new SecretSet());
      await sloppySession(client, target);
    } finally {
      await client?.close();
      // Stopped even when the session failed: a test never leaves a server behind.
      const code = await stop(serve);
      expect(code, serve.stderr()).toBe(0);
    }
    const folder = join(dir, 'reports', target.tpp.clientId);
    report = parseReport(JSON.parse(await readFile(join(folder, 'report.json'), 'utf8')));
  }, 120_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('fails exactly the rules the client broke', () => {
    const failed = report.results.filter((r) => r.status === 'failed').map((r) => r.case);
    expect(failed.sort()).toEqual([...broken].sort());
  });

  it('passes the rules the client exercised and followed', () => {
    const passed = report.results.filter((r) => r.status === 'passed').map((r) => r.case);
    expect(passed).toEqual(
      expect.arrayContaining([
        'CLT-DIGEST',
        'CLT-REQUEST-ID-PRESENT',
        'CLT-REQUEST-ID-UNIQUE',
        'CLT-PSU-IP-WHEN-CONNECTED',
        'CLT-CONSENT-BEFORE-READ',
        'CLT-REDIRECT-URI-SAME',
        'CLT-REFRESH-BEFORE-JOURNEY',
        'CLT-ONE-TOKEN-SET',
        'CLT-INVALID-TOKEN-REFRESH',
      ]),
    );
    const others = report.results.filter((r) => !broken.includes(r.case)).map((r) => r.status);
    expect(others.every((status) => status === 'passed' || status === 'not-applicable')).toBe(true);
  });

  it('names the request that broke each rule, without its secrets', () => {
    const signature = report.results.find((r) => r.case === 'CLT-SIGNATURE');
    expect(signature?.steps).toHaveLength(1);
    expect(signature?.steps[0]?.message).toContain('no Signature header');
    const quota = report.results.find((r) => r.case === 'CLT-BATCH-QUOTA');
    expect(quota?.steps[0]?.transcript[0]?.response?.status).toBe(429);
    const text = JSON.stringify(report);
    expect(text).not.toMatch(/Bearer [A-Za-z0-9_-]{20,}/);
  });

  it('writes the JUnit and HTML reports next to the JSON one', async () => {
    const folder = join(dir, 'reports', target.tpp.clientId);
    const junit = await readFile(join(folder, 'junit.xml'), 'utf8');
    expect(junit).toContain('CLT-CODE-ONCE');
    expect(await readFile(join(folder, 'report.html'), 'utf8')).toContain('CLT-TOKEN-NO-SCOPE');
  });
});

async function waitFor<T>(attempt: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i > 50) throw error;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

/** A client that gets most things right and makes the five mistakes of `broken`. */
async function sloppySession(client: StetClient, target: Target): Promise<void> {
  const policy = target.institutions.find((i) => i.code === institution)?.signatureHeaders ?? [];
  const send = (request: Omit<OutgoingRequest, 'institution' | 'tpp' | 'signing'> & { signed?: boolean }) =>
    client.send({
      institution,
      tpp: target.tpp,
      signing: request.signed === false ? 'unsigned' : { headers: policy },
      method: request.method,
      path: request.path,
      headers: request.headers,
      body: request.body,
    });
  const ok = (exchange: HttpExchange, status: number): HttpExchange => {
    expect(exchange.status, exchange.text).toBe(status);
    return exchange;
  };
  const psu = parseClonedPsu(
    await send({
      method: 'POST',
      path: '/sandbox/v1/psus',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ persona: 'alice' }),
      signed: false,
    }),
  );
  if (psu === undefined) throw new Error('no PSU');
  const redirectUri = target.tpp.redirectUri;
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: target.tpp.clientId,
    redirect_uri: redirectUri,
    scope: 'aisp',
    state: 'sloppy',
  });
  const journey = await httpJourneyDriver(client).run({
    institution,
    authorizeUrl: `https://${institutionHost(target, institution)}/stet/psd2/oauth/authorize?${query.toString()}`,
    redirectUri,
    identifier: psu.identifier,
    otp: psu.otp,
    outcome: 'consent',
    travel: undefined,
  });
  const code = journey.callback['code'] ?? '';
  const tokenForm = (fields: Record<string, string>) =>
    send({
      method: 'POST',
      path: '/stet/psd2/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: target.tpp.clientId, ...fields }).toString(),
      signed: false,
    });
  const exchange = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
  // Mistake: scope in the authorization code form (the bank refuses it before using the code).
  ok(await tokenForm({ ...exchange, scope: 'aisp' }), 400);
  const tokens = ok(await tokenForm(exchange), 200).json as { access_token: string; refresh_token: string };
  let bearer = { authorization: `Bearer ${tokens.access_token}` };
  const connected = { 'psu-ip-address': '192.0.2.10', 'psu-user-agent': 'sloppy/1.0' };
  const accounts = ok(
    await send({
      method: 'GET',
      path: `/stet/psd2/${version}/accounts`,
      headers: { ...bearer, ...connected },
    }),
    200,
  ).json as { accounts: { resourceId: string; accountId: { iban: string; currency: string } }[] };
  const euro = accounts.accounts.find((a) => a.accountId.currency === 'EUR');
  if (euro === undefined) throw new Error('no euro account');
  ok(
    await send({
      method: 'PUT',
      path: `/stet/psd2/${version}/consents`,
      headers: { ...bearer, ...connected, 'content-type': 'application/json' },
      body: JSON.stringify({
        balances: [{ iban: euro.accountId.iban }],
        transactions: [],
        overdrafts: [],
        owners: [],
        trustedBeneficiaries: false,
        psuIdentity: false,
      }),
    }),
    201,
  );
  // The sandbox expires the access token; the client refreshes and uses the new one only.
  ok(
    await send({
      method: 'POST',
      path: '/sandbox/v1/edge-behaviours',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ behaviour: 'expired-token' }),
      signed: false,
    }),
    201,
  );
  ok(
    await send({
      method: 'GET',
      path: `/stet/psd2/${version}/accounts`,
      headers: { ...bearer, ...connected },
    }),
    401,
  );
  const refreshed = ok(
    await tokenForm({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }),
    200,
  ).json as { access_token: string };
  bearer = { authorization: `Bearer ${refreshed.access_token}` };
  const listed = ok(
    await send({
      method: 'GET',
      path: `/stet/psd2/${version}/accounts`,
      headers: { ...bearer, ...connected },
    }),
    200,
  ).json as { accounts: { resourceId: string; _links: { balances?: { href: string } } }[] };
  const balances = listed.accounts.find((a) => a.resourceId === euro.resourceId)?._links.balances?.href;
  if (balances === undefined) throw new Error('no balances link');
  // Mistake: a call without Signature (its Digest is right).
  ok(
    await send({
      method: 'GET',
      path: balances,
      headers: { ...bearer, 'psu-ip-address': '192.0.2.10', digest: computeDigest('') },
      signed: false,
    }),
    401,
  );
  // Mistake: a URI built by hand (transactions were never linked: not consented).
  ok(
    await send({
      method: 'GET',
      path: `/stet/psd2/${version}/accounts/${euro.resourceId}/transactions`,
      headers: { ...bearer, ...connected },
    }),
    403,
  );
  // Mistake: five batch reads of the same balances in one day; the fifth is refused.
  for (let i = 0; i < 4; i++) ok(await send({ method: 'GET', path: balances, headers: bearer }), 200);
  ok(await send({ method: 'GET', path: balances, headers: bearer }), 429);
  // Mistake: the same code a second time (last: the bank may revoke what the code gave, RFC 6749 §4.1.2).
  ok(await tokenForm(exchange), 400);
}
