/**
 * `check` on a hand-built HAR holding at least one deviation of every kind the spec can see (schema,
 * status per operation, error code and body, links against the consent, date bounds, echoes, token
 * fields, the PISP flow): each is flagged under its rule, every response of an operation is judged
 * (successes included), and the exchanges no operation serves are listed, not dropped.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgeHar } from '../../../../traffic/check/check-har.ts';
import { findingsReport, unattributedCase } from '../../../../traffic/check/findings-report.ts';
import type { Har, HarEntry } from '../../../../traffic/har/har.ts';
import { parseHar } from '../../../../traffic/har/parse-har.ts';
import { alterHar } from '../fixtures/alter-har.ts';

const fixture = parseHar(readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8'));
const host = 'https://api-10101.psd2.groupbank.example';

function entryAt(har: Har, index: number): HarEntry {
  const entry = har.log.entries[index];
  if (entry === undefined) throw new Error('fixture changed');
  return entry;
}

function body(entry: HarEntry): Record<string, unknown> {
  const parsed: unknown = JSON.parse(entry.response.content.text ?? '{}');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('fixture changed');
  return Object.fromEntries(Object.entries(parsed));
}

function setBody(entry: HarEntry, value: unknown): void {
  entry.response.content.text = JSON.stringify(value);
}

/** A copy of `template` as another exchange. */
function exchange(
  template: HarEntry,
  options: { method: string; url: string; status: number; form?: string; response?: unknown; token?: string },
): HarEntry {
  const copy = structuredClone(template);
  copy.request.method = options.method;
  copy.request.url = options.url;
  copy.request.queryString = [];
  if (options.form !== undefined)
    copy.request.postData = { mimeType: 'application/x-www-form-urlencoded', text: options.form };
  if (options.token !== undefined)
    copy.request.headers = copy.request.headers.map((h) =>
      h.name.toLowerCase() === 'authorization' ? { ...h, value: `Bearer ${options.token}` } : h,
    );
  copy.response.status = options.status;
  if (options.response === undefined) delete copy.response.content.text;
  else setBody(copy, options.response);
  return copy;
}

/** The fixture with one deviation of every kind, the rules they break, and the exchanges added without an operation. */
function deviatingHar(): { har: Har; rules: string[] } {
  const altered = alterHar(fixture);
  const har = altered.har;
  // token fields: token_type other than Bearer (expires_in 7200 comes from alterHar).
  const token = entryAt(har, 1);
  setBody(token, { ...body(token), token_type: 'mac' });
  // links against the consent: acc-a is consented for transactions but loses its link.
  const accounts = entryAt(har, 3);
  const list = body(accounts);
  const first: unknown = Array.isArray(list['accounts']) ? list['accounts'][0] : undefined;
  if (typeof first === 'object' && first !== null && '_links' in first) {
    const links: unknown = first._links;
    if (typeof links === 'object' && links !== null && 'transactions' in links) delete links.transactions;
  }
  setBody(accounts, list);
  // echoes: a success whose X-Request-ID is not echoed (the error's is dropped by alterHar).
  const balances = entryAt(har, 4);
  balances.response.headers = balances.response.headers.filter(
    (h) => h.name.toLowerCase() !== 'x-request-id',
  );
  // date bounds: a transaction before dateFrom (one on dateTo comes from alterHar).
  const transactions = entryAt(har, 5);
  const trx = body(transactions);
  if (Array.isArray(trx['transactions']))
    trx['transactions'].push({
      resourceId: 'trx-early',
      entryReference: '0999',
      transactionAmount: { amount: '1.00', currency: 'EUR' },
      creditDebitIndicator: 'DBIT',
      status: 'BOOK',
      bookingDate: '2025-04-30',
      remittanceInformation: { unstructured: ['early'] },
    });
  setBody(transactions, trx);
  // error code and body: a refusal with no catalogue code and no STET error body.
  const refusal = exchange(entryAt(har, 6), {
    method: 'GET',
    url: `${host}/stet/psd2/v1.4.2/accounts/acc-c/balances`,
    status: 403,
    response: { error: 'forbidden' },
  });
  // status per operation: a balances refusal answered 409, which the document does not list for it.
  const conflict = structuredClone(entryAt(har, 6));
  conflict.response.status = 409;
  // the PISP flow: a confirmation served with the first (client-credentials) token.
  const firstToken = exchange(token, {
    method: 'POST',
    url: `${host}/stet/psd2/oauth/token`,
    status: 200,
    form: 'grant_type=client_credentials&client_id=PSDFR-ACPR-12345&scope=pisp',
    response: { access_token: 'first-token-1', token_type: 'Bearer', expires_in: 3600, scope: 'pisp' },
  });
  const confirmation = exchange(entryAt(har, 4), {
    method: 'POST',
    url: `${host}/stet/psd2/v1.4.2/payment-requests/pay-1/confirmation`,
    status: 200,
    token: 'first-token-1',
    response: { paymentRequest: { paymentInformationStatus: 'ACSC' } },
  });
  // exchanges no operation serves: the sandbox API, a registration API on another path, an unknown path.
  const sandbox = exchange(entryAt(har, 2), {
    method: 'POST',
    url: `${host}/sandbox/v1/psus`,
    status: 201,
    response: { psuId: 'p1' },
  });
  const registration = exchange(entryAt(har, 2), {
    method: 'POST',
    url: 'https://register.groupbank.example/connect/register',
    status: 201,
    response: { client_id: 'x' },
  });
  const unknown = exchange(entryAt(har, 6), {
    method: 'GET',
    url: `${host}/stet/psd2/v1.4.2/standing-orders`,
    status: 404,
    response: {
      timestamp: '2025-06-02T09:00:09Z',
      status: 404,
      error: 'Not Found',
      message: 'RESOURCE_UNKNOWN',
      path: '/stet/psd2/v1.4.2/standing-orders',
    },
  });
  har.log.entries.push(refusal, conflict, firstToken, confirmation, sandbox, registration, unknown);
  return {
    har,
    rules: [
      ...altered.rules,
      'TRN-STATUS-DOCUMENTED',
      // NGAC answered 409: the seed gives NGAC no status, so the status is our choice's.
      'ERR-STATUS-OF-CODE',
      // token_type `mac`: the token check and the schema file it under the field's rule alike.
      'TOK-TOKEN-TYPE-BEARER',
      'AIS-ACC-LINK-TRANSACTIONS',
      'TRN-XREQUESTID-ECHO',
      'AIS-TRX-DATEFROM-INCLUSIVE',
      'ERR-CODE-CARRIED',
      'ERR-STET-BODY',
      'PIS-CONFIRMATION-NEEDS-SECOND-TOKEN',
      // the confirmation's body is not a payment request either.
      'PIS-PAYMENT-REQUEST-SHAPE',
    ],
  };
}

describe('check on a HAR with a deviation of every kind', () => {
  const { har, rules } = deviatingHar();
  const { findings, unattributed } = judgeHar(har);
  const failed = findings.filter((f) => f.verdict === 'failed');

  it('flags each deviation under its rule, and nothing else', () => {
    expect([...new Set(failed.map((f) => f.rule))].sort()).toEqual([...new Set(rules)].sort());
  });

  it('names the undocumented status with the statuses the document lists', () => {
    const status = failed.find((f) => f.rule === 'TRN-STATUS-DOCUMENTED');
    expect(status?.exchange.index).toBe(8);
    expect(status?.message).toBe(
      '409 is not a status the v1.4.2 OpenAPI document lists for GET /stet/psd2/v1.4.2/accounts/{accountResourceId}/balances',
    );
    expect(status?.expected).toEqual([200, 400, 401, 403, 404, 405, 410, 421, 429, 500]);
  });

  it('judges every response of an operation, successes included', () => {
    const judged = new Set(findings.map((f) => f.exchange.index));
    const attributed = har.log.entries
      .map((_, index) => index)
      .filter((index) => !unattributed.some((u) => u.index === index));
    expect(attributed.filter((index) => !judged.has(index))).toEqual([]);
    // PUT /consents has no body: it is still judged (its status, 201 as the seed states).
    expect(findings.filter((f) => f.exchange.index === 2).map((f) => [f.rule, f.verdict])).toEqual([
      ['CNS-PUT-201', 'passed'],
      ['TRN-STATUS-DOCUMENTED', 'passed'],
      ['TRN-XREQUESTID-ECHO', 'passed'],
    ]);
  });

  it('lists the exchanges it could not attribute to an operation, with the reason', () => {
    expect(unattributed.map((u) => [u.index, u.method, u.reason])).toEqual([
      [0, 'POST', 'v1.4.2 documents GET on this path, not POST'],
      [11, 'POST', 'outside the STET PSD2 API (not under /stet/psd2/)'],
      [12, 'POST', 'outside the STET PSD2 API (not under /stet/psd2/)'],
      [13, 'GET', 'no operation of the v1.4.2 OpenAPI document has this path'],
    ]);
    const report = findingsReport(findings, {
      file: 'x.har',
      startedAt: new Date(),
      toolVersion: '0',
      unattributed,
    });
    const listed = report.results.filter((r) => r.case === unattributedCase);
    expect(listed.map((r) => [r.institution, r.status, r.steps.length])).toEqual([
      ['10101', 'skipped', 3],
      ['register.groupbank.example', 'skipped', 1],
    ]);
  });
});
