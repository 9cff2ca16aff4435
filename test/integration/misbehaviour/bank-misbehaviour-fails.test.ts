/**
 * What a bank answered never ends a case as `errored`: a journey sent somewhere else, an answer
 * lacking what a later step needs, a link that is no href, a body that is not JSON are failures of
 * the rule the step checks, naming what came back; the run exits 1, not 2. The bank is the reference
 * behind a front that misbehaves on the requests each test names (misbehaving-bank.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdictExitCode } from '../../../cli/verdict-exit-code.ts';
import { parseServeInfo, runSuites, specRuleCatalogue, targetFromServeInfo } from '../../../harness/index.ts';
import type { CaseResult, RunReport } from '../../../harness/report/model.ts';
import { parseSuite } from '../../../harness/suite/load-suite.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';
import { schemaValidator } from '../../../spec/lib/index.ts';
import { startMisbehavingBank, type MisbehavingBank, type Misbehaviour } from './misbehaving-bank.ts';

const suite = `suite: misbehaviour
title: A bank's misbehaviour is a failure
versions: [v1.6.2]
roles: [aisp]
cases:
  - id: journey
    title: the consent journey comes back to the TPP's redirect_uri with a code
    rules: [TOK-REDIRECT-WITH-CODE]
    given: { institutions: ['10101'] }
    steps:
      - journey: consent
        expect: { json: [{ path: $.code, type: string }] }
      - token: exchange
        expect: { status: 200 }
  - id: account-capture
    title: the account listed is then read
    rules: [AIS-ACC-NO-CONSENT-LISTS-ALL]
    given: { institutions: ['10101'], login: true }
    steps:
      - name: list the accounts
        request: { path: '/stet/psd2/{{version}}/accounts' }
        expect: { status: 200 }
        capture: { account: { json: '$.accounts[0].resourceId' } }
      - name: read the account listed
        request: { path: '/stet/psd2/{{version}}/accounts/{{account}}/balances' }
  - id: advisory-capture
    title: a capture of a step checking a choice, which a later step needs
    rules: [AIS-ACC-NO-CONSENT-LISTS-ALL, TRN-JSON-RESPONSES]
    given: { institutions: ['10101'], login: true }
    steps:
      - name: list the accounts
        rules: [TRN-JSON-RESPONSES]
        request: { path: '/stet/psd2/{{version}}/accounts' }
        expect: { headers: { content-type: { matches: '^application/json' } } }
        capture: { selfLink: { json: '$._links.self.href' } }
      - name: follow the self link
        rules: [AIS-ACC-NO-CONSENT-LISTS-ALL]
        request: { link: selfLink }
        expect: { status: 200 }
  - id: seed-capture
    title: a capture the seed's rule judges, in a step checking a choice
    rules: [AIS-ACC-NO-CONSENT-LISTS-ALL, TRN-JSON-RESPONSES]
    given: { institutions: ['10101'], login: true }
    steps:
      - name: list the accounts
        rules: [TRN-JSON-RESPONSES]
        request: { path: '/stet/psd2/{{version}}/accounts' }
        expect: { headers: { content-type: { matches: '^application/json' } } }
        capture: { selfLink: { json: '$._links.self.href', rule: AIS-ACC-NO-CONSENT-LISTS-ALL } }
      - name: follow the self link
        rules: [AIS-ACC-NO-CONSENT-LISTS-ALL]
        request: { link: selfLink }
        expect: { status: 200 }
  - id: link-not-href
    title: the self link of the list is followed
    rules: [AIS-ACC-NO-CONSENT-LISTS-ALL]
    given: { institutions: ['10101'], login: true }
    steps:
      - name: list the accounts
        request: { path: '/stet/psd2/{{version}}/accounts' }
        expect: { status: 200 }
        capture: { selfLink: { json: '$._links.self.href' } }
      - name: follow the self link
        request: { link: selfLink }
        expect: { status: 200 }
`;

const pkiDir = mkdtempSync(join(tmpdir(), 'misbehaviour-'));
let reference: RunningReference;
let bank: MisbehavingBank;

beforeAll(async () => {
  reference = await startReference({ port: 0, store: { kind: 'memory' }, pkiDir, log: () => undefined });
  bank = await startMisbehavingBank(reference);
}, 120_000);

afterAll(async () => {
  await bank.close();
  await reference.close();
  rmSync(pkiDir, { recursive: true, force: true });
});

/** Runs one case of the suite against the front with `misbehaviours` in force. */
async function runCaseAgainst(
  id: string,
  misbehaviours: Misbehaviour[],
): Promise<{ result: CaseResult | undefined; exit: number; report: RunReport }> {
  bank.misbehaviours.splice(0, bank.misbehaviours.length, ...misbehaviours);
  const target = targetFromServeInfo(parseServeInfo(reference.info), { name: 'misbehaving bank' });
  const { report } = await runSuites({
    suites: [parseSuite('misbehaviour.yaml', suite, specRuleCatalogue)],
    target: { ...target, connect: { host: '127.0.0.1', port: bank.port } },
    filter: { suites: [], cases: [id], rules: [], versions: [], institutions: [], tags: [] },
    reporter: { onRunEnd: async () => undefined },
    schemas: schemaValidator,
    tool: { name: 'stet-harness', version: 'test' },
  });
  return { result: report.results.find((r) => r.case === id), exit: verdictExitCode(report), report };
}

const json = (response: ServerResponse, status: number, body: unknown): true => {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return true;
};

const authorize =
  (answer: (url: URL, response: ServerResponse) => void): Misbehaviour =>
  ({ url }, response) => {
    if (url.pathname !== '/stet/psd2/oauth/authorize') return false;
    answer(url, response);
    return true;
  };

const accountsWithToken =
  (answer: (response: ServerResponse) => void): Misbehaviour =>
  ({ url, method, headers }, response) => {
    if (method !== 'GET' || url.pathname !== '/stet/psd2/v1.6.2/accounts') return false;
    if (headers.authorization === undefined) return false;
    answer(response);
    return true;
  };

describe('a bank that misbehaves fails the rule at stake (exit 1), never errors the case', () => {
  it('authorize redirecting straight to the TPP callback host, elsewhere than redirect_uri', async () => {
    const { result, exit } = await runCaseAgainst('journey', [
      authorize((url, response) => {
        const callback = new URL(url.searchParams.get('redirect_uri') ?? 'https://tpp.invalid/');
        response.writeHead(302, { location: `${callback.origin}/landing?code=abc` }).end();
      }),
    ]);
    expect([result?.status, exit]).toEqual(['failed', 1]);
    expect(result?.rules.map((r) => r.id)).toEqual(['TOK-REDIRECT-WITH-CODE']);
    expect(result?.failure?.message).toMatch(
      /journey page GET \/stet\/psd2\/oauth\/authorize answered 302 with Location https:\/\/[^/]+\/landing\?code=abc: the TPP's host, but not redirect_uri/,
    );
  });

  it('authorize redirecting to a host the harness cannot trust, names that Location', async () => {
    const { result, exit } = await runCaseAgainst('journey', [
      authorize((_url, response) => {
        response.writeHead(302, { location: 'https://login.elsewhere.example/sso?from=bank' }).end();
      }),
    ]);
    expect([result?.status, exit]).toEqual(['failed', 1]);
    expect(result?.failure?.message).toContain(
      'the bank redirected the PSU to https://login.elsewhere.example/sso?from=bank, another host than its own',
    );
    expect(result?.failure?.message).toContain('ERR_TARGET_CERTIFICATE');
  });

  it('a journey page answering a redirect without a Location', async () => {
    const { result, exit } = await runCaseAgainst('journey', [
      authorize((_url, response) => response.writeHead(302).end()),
    ]);
    expect([result?.status, exit]).toEqual(['failed', 1]);
    expect(result?.failure?.message).toContain(
      'journey page GET /stet/psd2/oauth/authorize answered 302 without a Location',
    );
  });

  it('GET /accounts answering 200 without accounts, which the next step needs', async () => {
    const { result, exit } = await runCaseAgainst('account-capture', [
      accountsWithToken((response) =>
        json(response, 200, { _links: { self: { href: '/stet/psd2/v1.6.2/accounts' } } }),
      ),
    ]);
    expect([result?.status, exit]).toEqual(['failed', 1]);
    expect(result?.rules.map((r) => r.id)).toEqual(['AIS-ACC-NO-CONSENT-LISTS-ALL']);
    expect(result?.failure?.message).toBe(
      'list the accounts (misbehaviour.yaml:20:9): capture account found nothing at $.accounts[0].resourceId: ' +
        'the answer has status 200, body {"_links":{"self":{"href":"/stet/psd2/v1.6.2/accounts"}}}',
    );
  });

  it('a body that is not JSON where a capture needs JSON, on a step checking only a choice', async () => {
    const { result, exit } = await runCaseAgainst('advisory-capture', [
      accountsWithToken((response) => {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>accounts</html>');
      }),
    ]);
    // The capture was the choice's: the step needing the value cannot be checked for that reason, so it
    // is judged by that choice too (advisory), neither a failure of a seed rule the bank may keep nor errored.
    expect([result?.status, exit]).toEqual(['advisory', 0]);
    expect(result?.steps.slice(-2).map((s) => s.status)).toEqual(['advisory', 'advisory']);
    expect(result?.steps.at(-1)?.message).toBe(
      "needs {{selfLink}}, which the bank's answer did not hold: " +
        'capture selfLink found nothing at $._links.self.href (status 200, a body that is not JSON: <html>accounts</html>)',
    );
  });

  it('a body that is not JSON where a capture the seed judges needs JSON', async () => {
    const { result, exit } = await runCaseAgainst('seed-capture', [
      accountsWithToken((response) => {
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>accounts</html>');
      }),
    ]);
    expect([result?.status, exit]).toEqual(['failed', 1]);
    expect(result?.steps.at(-1)?.status).toBe('failed');
    expect(result?.failure?.message).toContain('list the accounts (misbehaviour.yaml:45:9): ');
    expect(result?.failure?.message).toContain('capture selfLink found nothing at $._links.self.href');
  });

  it('a link that is not an href string', async () => {
    const { result, exit } = await runCaseAgainst('link-not-href', [
      accountsWithToken((response) => json(response, 200, { accounts: [], _links: { self: { href: 42 } } })),
    ]);
    expect([result?.status, exit]).toEqual(['failed', 1]);
    expect(result?.failure?.message).toBe(
      'follow the self link (misbehaviour.yaml:63:9): the link selfLink the bank gave is not an href string: 42',
    );
  });
});

describe('what stays errored (exit 2): the harness could not do its job', () => {
  it('the bank’s own host dropping the connection mid-journey', async () => {
    const { result, exit } = await runCaseAgainst('journey', [
      authorize((_url, response) => response.socket?.destroy()),
    ]);
    expect([result?.status, exit]).toEqual(['errored', 2]);
    expect(result?.failure?.message).toMatch(/^ERR_TARGET_UNREACHABLE: /);
  });
});
