import { beforeAll, describe, expect, it } from 'vitest';
import { parseSignatureHeader, verifyDigest, verifySignature } from '../../../protocol/index.ts';
import { generateTestPki, type TestPki } from '../../../pki/index.ts';
import {
  ConnectionPlan,
  linksOf,
  type BuiltRequest,
  type PlanContext,
} from '../../../load/connection-plan.ts';
import { KpiRecorder } from '../../../load/kpi-recorder.ts';
import { FindingBook } from '../../../load/load-finding.ts';
import { loadScenario } from '../../../load/load-scenario.ts';
import { QuotaLedger } from '../../../load/quota-ledger.ts';
import type { SingleScenario } from '../../../load/scenario-definition.ts';
import type { VirtualPsu } from '../../../load/virtual-psu.ts';

let pki: TestPki;
beforeAll(async () => {
  pki = await generateTestPki({ organizationIdentifier: 'PSDFR-ACPR-12345', roles: ['PSP_AI'] });
}, 60_000);

function single(name: string): SingleScenario {
  const scenario = loadScenario(name);
  if (scenario.kind !== 'single') throw new Error(`${name} is a mix`);
  return scenario;
}

function context(scenario: SingleScenario): PlanContext {
  return {
    scenario,
    version: 'v1.6.2',
    institution: '10101',
    host: 'api-10101.psd2.groupbank.example',
    signaturePolicy: ['(request-target)', 'digest', 'x-request-id'],
    tpp: {
      clientId: 'PSDFR-ACPR-12345',
      qwac: { cert: pki.qwac.certPem, key: pki.qwac.keyPem },
      qseal: { key: pki.qseal.keyPem, cert: pki.qseal.certPem, keyId: 'PSDFR-ACPR-12345' },
      redirectUri: 'https://tpp.example/cb',
    },
    kpis: new KpiRecorder(),
    findings: new FindingBook(),
    quotas: new QuotaLedger(),
    startedAt: performance.now(),
  };
}

function psu(): VirtualPsu {
  return {
    institution: '10101',
    psuId: 'alice-1',
    fresh: true,
    tokens: { access: 'access-0', refresh: 'refresh-0' },
    iban: 'FR7610101000000000000000001',
    issued: ['access-0'],
  };
}

const accountList = JSON.stringify({
  accounts: [
    {
      resourceId: 'A',
      _links: {
        balances: { href: '/stet/psd2/v1.6.2/accounts/A/balances' },
        transactions: { href: '/stet/psd2/v1.6.2/accounts/A/transactions' },
      },
    },
    {
      resourceId: 'B',
      _links: {
        balances: { href: 'https://api-10101.psd2.groupbank.example/stet/psd2/v1.6.2/accounts/B/balances' },
      },
    },
  ],
  _links: { self: { href: '/stet/psd2/v1.6.2/accounts' } },
});

function echo(req: BuiltRequest): Record<string, string> {
  return { 'x-request-id': req.headers['x-request-id'] ?? '' };
}

describe('ConnectionPlan', () => {
  it('signs every request afresh: a new X-Request-ID, a Digest of the body and a Signature that verifies', () => {
    const plan = new ConnectionPlan(context(single('psu-present-reads')), psu());
    const first = plan.next();
    plan.settle(200, accountList, echo(first));
    const second = plan.next();
    for (const req of [first, second]) {
      expect(req.headers['host']).toBe('api-10101.psd2.groupbank.example');
      expect(req.headers['authorization']).toBe('Bearer access-0');
      expect(req.headers['psu-ip-address']).toBeDefined();
      expect(verifyDigest(req.headers['digest'] ?? '', req.body)).toMatchObject({ valid: true });
      const signature = parseSignatureHeader(req.headers['signature'] ?? '');
      expect(signature.headers).toEqual(['(request-target)', 'digest', 'x-request-id', 'psu-ip-address']);
      expect(
        verifySignature({
          method: req.method,
          path: req.path,
          headers: req.headers,
          signature,
          publicKey: pki.qseal.certPem,
        }),
      ).toEqual({ valid: true });
    }
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    expect(first.headers['signature']).not.toBe(second.headers['signature']);
  });

  it('follows the named _links of the answer and of each element of its arrays, each once a round', () => {
    const plan = new ConnectionPlan(context(single('psu-present-reads')), psu());
    const first = plan.next();
    expect(first).toMatchObject({ method: 'GET', path: '/stet/psd2/v1.6.2/accounts' });
    plan.settle(200, accountList, echo(first));
    const paths: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const req = plan.next();
      paths.push(req.path);
      // Every balances answer links back to the same transactions: followed once only.
      plan.settle(
        200,
        JSON.stringify({ _links: { transactions: { href: '/stet/psd2/v1.6.2/accounts/A/transactions' } } }),
        echo(req),
      );
    }
    expect(paths).toEqual([
      '/stet/psd2/v1.6.2/accounts/A/balances',
      '/stet/psd2/v1.6.2/accounts/A/transactions',
      '/stet/psd2/v1.6.2/accounts/B/balances',
    ]);
    expect(plan.next().path).toBe('/stet/psd2/v1.6.2/accounts');
  });

  it('refreshes the token set of a batch round and uses the new access token', () => {
    const ctx = context(single('nightly-batch'));
    const user = psu();
    const plan = new ConnectionPlan(ctx, user);
    const refresh = plan.next();
    expect(refresh).toMatchObject({ method: 'POST', path: '/stet/psd2/oauth/token' });
    expect(new URLSearchParams(refresh.body).get('refresh_token')).toBe('refresh-0');
    expect(refresh.headers['signature']).toBeUndefined();
    plan.settle(200, JSON.stringify({ access_token: 'access-1', refresh_token: 'refresh-1' }), echo(refresh));
    expect(user.tokens).toEqual({ access: 'access-1', refresh: 'refresh-1' });
    expect(user.issued).toEqual(['access-0', 'access-1']);
    const accounts = plan.next();
    expect(accounts.headers['authorization']).toBe('Bearer access-1');
    expect(accounts.headers['psu-ip-address']).toBeUndefined();
  });

  it('counts a batch 429 TMRQ as a quota refusal, not a failure, and still reads the accounts it learnt', () => {
    const ctx = context(single('nightly-batch'));
    const plan = new ConnectionPlan(ctx, psu());
    const tmrq = JSON.stringify({ status: 429, message: 'TMRQ' });
    let req = plan.next();
    plan.settle(200, JSON.stringify({ access_token: 'a1', refresh_token: 'r1' }), echo(req));
    req = plan.next();
    plan.settle(200, accountList, echo(req));
    for (let i = 0; i < 3; i += 1) plan.settle(200, '{}', echo(plan.next()));
    req = plan.next();
    plan.settle(200, JSON.stringify({ access_token: 'a2', refresh_token: 'r2' }), echo(req));
    req = plan.next();
    expect(req.path).toBe('/stet/psd2/v1.6.2/accounts');
    plan.settle(429, tmrq, echo(req));
    expect(plan.next().path).toBe('/stet/psd2/v1.6.2/accounts/A/balances');
    const total = ctx.kpis.total(1000);
    expect(total.quotaRefusals).toBe(1);
    expect(total.failures).toBe(0);
    expect(total.codes).toEqual({ TMRQ: 1 });
  });

  it('reports a 5xx, an X-Request-ID not echoed and a connected call refused with their rules', () => {
    const ctx = context(single('psu-present-reads'));
    const plan = new ConnectionPlan(ctx, psu());
    plan.settle(503, '{"message":"INTS"}', echo(plan.next()));
    plan.next();
    plan.settle(429, '{"message":"TMRQ"}', { 'X-Request-ID': 'another' });
    const kinds = ctx.findings.list().map((f) => [f.kind, f.rules.map((r) => r.id).join(',')]);
    expect(kinds).toEqual([
      ['connected-call-refused', 'QTA-CONNECTED-UNLIMITED'],
      ['request-id-not-echoed', 'TRN-XREQUESTID-ECHO-ON-ERROR'],
      ['server-error', 'BAD-NEVER-5XX'],
    ]);
    expect(ctx.kpis.total(1000)).toMatchObject({ failures: 2, serverErrors: 1 });
  });

  it('counts a request left without answer as a failure when the connection moves on', () => {
    const ctx = context(single('psu-present-reads'));
    const plan = new ConnectionPlan(ctx, psu());
    plan.next();
    plan.next();
    expect(ctx.kpis.total(1000)).toMatchObject({ requests: 1, failures: 1, statuses: { 'no answer': 1 } });
  });
});

describe('linksOf', () => {
  it('takes paths of absolute and relative hrefs and ignores other shapes', () => {
    expect(
      linksOf({ _links: { next: { href: 'https://h/x?page=2' } }, items: [{ _links: { next: 'bad' } }] }, [
        'next',
      ]),
    ).toEqual(['/x?page=2']);
    expect(linksOf([], ['next'])).toEqual([]);
  });
});
