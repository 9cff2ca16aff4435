import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../../../lib/coded-error.ts';
import { getRule } from '../../../../spec/lib/index.ts';
import { checkHar } from '../../../../traffic/check/check-har.ts';
import { findingsReport } from '../../../../traffic/check/findings-report.ts';
import { schemaRule } from '../../../../traffic/check/schema-check.ts';
import type { Har } from '../../../../traffic/har/har.ts';
import { parseHar } from '../../../../traffic/har/parse-har.ts';
import { alterHar } from '../fixtures/alter-har.ts';

const fixture = parseHar(readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8'));

function failedRules(har: Har): string[] {
  return [
    ...new Set(
      checkHar(har)
        .filter((f) => f.verdict === 'failed')
        .map((f) => f.rule),
    ),
  ].sort();
}

function withConsent(har: Har, consent: unknown): Har {
  const copy = structuredClone(har);
  const put = copy.log.entries[2];
  if (put?.request.postData === undefined) throw new Error('fixture changed');
  put.request.postData.text = JSON.stringify(consent);
  return copy;
}

describe('checkHar', () => {
  it('finds no deviation in a conforming session', () => {
    const findings = checkHar(fixture);
    expect(findings.filter((f) => f.verdict === 'failed')).toEqual([]);
    expect(new Set(findings.map((f) => f.rule))).toEqual(
      new Set([
        // Statuses the seed states (200 token, 201 PUT /consents, 200 reads), bodies under their rules.
        'TOK-RESPONSE-200',
        'CNS-PUT-201',
        'AIS-ACC-200',
        'AIS-BAL-200',
        'AIS-TRX-200',
        'TOK-RESPONSE-FIELDS',
        'TOK-TOKEN-TYPE-BEARER',
        'TOK-EXPIRES-IN-3600',
        'TRN-STATUS-DOCUMENTED',
        'TRN-XREQUESTID-ECHO',
        'TRN-XREQUESTID-ECHO-ON-ERROR',
        'AIS-ACC-NO-TRUSTED-BENEFICIARIES-LINK',
        'AIS-ACC-LINK-BALANCES',
        'AIS-ACC-LINK-TRANSACTIONS',
        'AIS-ACC-CONSENTED-ONLY',
        'AIS-ACC-LINK-IDENTITY',
        'AIS-TRX-DATETO-EXCLUSIVE',
        'AIS-TRX-DATEFROM-INCLUSIVE',
        'AIS-TRX-HISTORY-90-DAYS',
        'ERR-STET-BODY',
        'ERR-CODE-CARRIED',
        // NGAC in a 403: the seed gives NGAC no status, 403 is ours.
        'ERR-STATUS-OF-CODE',
      ]),
    );
  });

  it('finds every deviation of a hand-altered copy, each under its rule', () => {
    const altered = alterHar(fixture);
    expect(failedRules(altered.har)).toEqual([...altered.rules].sort());
  });

  it('judges links against the consent seen earlier in the file', () => {
    const onlyBalances = withConsent(fixture, {
      balances: [{ iban: 'FR7630006000011234567890189' }],
      transactions: [],
      trustedBeneficiaries: false,
      psuIdentity: true,
    });
    const failed = checkHar(onlyBalances).filter((f) => f.verdict === 'failed');
    expect(failed.map((f) => [f.rule, f.message])).toEqual([
      [
        'AIS-ACC-LINK-TRANSACTIONS',
        'account acc-a: transactions link present without a transactions consent',
      ],
      ['AIS-ACC-LINK-IDENTITY', 'endUserIdentity link missing despite psuIdentity'],
    ]);
  });

  it('requires 400 ENDE for a period over 90 days', () => {
    const har = structuredClone(fixture);
    const tx = har.log.entries[5];
    if (tx === undefined) throw new Error('fixture changed');
    tx.request.url = tx.request.url.replace('dateFrom=2025-05-01', 'dateFrom=2025-01-01');
    expect(failedRules(har)).toEqual(['AIS-TRX-PERIOD-OVER-90-ENDE']);
  });

  it('reports an error code answered with a status the catalogue does not give it', () => {
    const har = structuredClone(fixture);
    const error = har.log.entries[6];
    if (error === undefined) throw new Error('fixture changed');
    error.response.status = 404;
    // The seed gives NGAC no status: another one is a finding of our choice's rule (advisory).
    const failed = checkHar(har).filter((f) => f.verdict === 'failed' && f.rule === 'ERR-STATUS-OF-CODE');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.actual).toBe(404);
    expect(getRule('ERR-STATUS-OF-CODE')?.basis.kind).toBe('choice');
  });

  it('reports a code answered with another status than the seed gives it under the seed rule', () => {
    const har = structuredClone(fixture);
    const error = har.log.entries[6];
    if (error?.response.content.text === undefined) throw new Error('fixture changed');
    error.response.status = 401;
    error.response.content.text = error.response.content.text.replace('"NGAC"', '"BADS"');
    const failed = checkHar(har).filter((f) => f.verdict === 'failed');
    expect(failed.map((f) => [f.rule, f.actual])).toEqual([['ERR-403-BADS', 401]]);
  });

  it('fails a PUT /consents answered 200 under the seed rule CNS-PUT-201, and not as an undocumented status', () => {
    const har = structuredClone(fixture);
    const put = har.log.entries[2];
    if (put === undefined) throw new Error('fixture changed');
    put.response.status = 200;
    const failed = checkHar(har).filter((f) => f.verdict === 'failed');
    expect(failed.map((f) => [f.rule, f.message])).toEqual([
      [
        'CNS-PUT-201',
        "PUT /stet/psd2/v1.4.2/consents succeeded with 200; the seed's success status is 201 (CNS-PUT-201)",
      ],
    ]);
  });

  it('reports every schema error of a body, each under the rule owning its field', () => {
    const har = structuredClone(fixture);
    const transactions = har.log.entries[5];
    if (transactions?.response.content.text === undefined) throw new Error('fixture changed');
    const body = JSON.parse(transactions.response.content.text) as {
      transactions: Array<Record<string, unknown>>;
    };
    for (const t of body.transactions) t['status'] = 'DONE';
    transactions.response.content.text = JSON.stringify({ ...body, transactions: undefined });
    const missing = checkHar(har).filter((f) => f.verdict === 'failed');
    expect(missing.map((f) => f.rule)).toEqual(['AIS-TRX-200']);
    transactions.response.content.text = JSON.stringify(body);
    const wrong = checkHar(har).filter((f) => f.verdict === 'failed');
    expect(wrong.map((f) => f.rule)).toEqual(['AIS-TRX-STATUS-ENUM']);
    expect(wrong[0]?.actual).toHaveLength(body.transactions.length);
  });

  it('refuses a HAR of another API with ERR_HAR_NOT_STET', () => {
    const other = structuredClone(fixture);
    for (const e of other.log.entries) e.request.url = e.request.url.replace('/stet/psd2/', '/api/');
    try {
      checkHar(other);
      expect.unreachable();
    } catch (error) {
      expect(isCodedError(error, 'ERR_HAR_NOT_STET')).toBe(true);
    }
  });

  it('cites only rules of the catalogue', () => {
    for (const f of checkHar(alterHar(fixture).har)) expect(getRule(f.rule), f.rule).toBeDefined();
    for (const path of [
      '/accounts',
      '/balances',
      '/transactions',
      '/overdrafts',
      '/owners',
      '/end-user-identity',
      '/funds-confirmations',
      '/payment-requests/x',
      '/other',
    ])
      for (const status of [200, 403])
        for (const isOAuth of [false, true]) {
          const rule = schemaRule({
            status,
            isOAuth,
            template: `/stet/psd2/v1/${path}`,
            url: new URL(`https://h${path}`),
          } as Parameters<typeof schemaRule>[0]);
          expect(getRule(rule), rule).toBeDefined();
        }
  });
});

/** The fixture with its transactions exchange (one transaction booked 2025-05-02) served at another time. */
function servedAt(options: { date?: string; started?: string }): Har {
  const har = structuredClone(fixture);
  const tx = har.log.entries[5];
  if (tx === undefined || !tx.request.url.includes('/transactions')) throw new Error('fixture changed');
  if (options.started !== undefined) tx.startedDateTime = options.started;
  tx.response.headers = tx.response.headers.filter((h) => h.name.toLowerCase() !== 'date');
  if (options.date !== undefined) tx.response.headers.push({ name: 'Date', value: options.date });
  return har;
}

function historyFinding(har: Har): { verdict: string; message: string } | undefined {
  const found = checkHar(har).find((f) => f.rule === 'AIS-TRX-HISTORY-90-DAYS');
  return found === undefined ? undefined : { verdict: found.verdict, message: found.message };
}

describe('the 90-day history rule', () => {
  it('keeps a transaction dated exactly today minus 90 days, by the response Date', () => {
    expect(historyFinding(servedAt({ date: 'Thu, 31 Jul 2025 10:00:00 GMT' }))).toEqual({
      verdict: 'passed',
      message:
        'no transaction dated before 2025-05-02, 90 days before 2025-07-31 (Paris day of the response Date)',
    });
  });

  it('counts days in Paris: 23:30 UTC on 31 July is already 1 August for the bank', () => {
    expect(historyFinding(servedAt({ date: 'Thu, 31 Jul 2025 23:30:00 GMT' }))).toEqual({
      verdict: 'failed',
      message:
        '1 transaction(s) dated before 2025-05-03, 90 days before 2025-08-01 (Paris day of the response Date)',
    });
  });

  it("takes the response's own Date over the recorder's startedDateTime", () => {
    const late = '2025-12-01T10:00:00.000Z';
    expect(historyFinding(servedAt({ date: 'Mon, 02 Jun 2025 09:00:06 GMT', started: late }))?.verdict).toBe(
      'passed',
    );
    expect(historyFinding(servedAt({ started: late }))).toEqual({
      verdict: 'failed',
      message:
        '1 transaction(s) dated before 2025-09-02, 90 days before 2025-12-01 (Paris day of the startedDateTime)',
    });
  });

  it('falls back to startedDateTime when the response Date is not an HTTP date', () => {
    expect(
      historyFinding(servedAt({ date: 'yesterday', started: '2025-07-31T21:59:00.000Z' }))?.message,
    ).toContain('90 days before 2025-07-31 (Paris day of the startedDateTime)');
  });
});

describe('findingsReport', () => {
  it('makes one case per rule, version and institution, failed with the first deviation', () => {
    const report = findingsReport(checkHar(alterHar(fixture).har), {
      file: 'x.har',
      startedAt: new Date(),
      toolVersion: '0',
    });
    expect(report.matrix).toEqual({ versions: ['v1.4.2'], institutions: ['10101'] });
    // Six deviations; the closed link object is a choice of ours (TRN-NO-EXTRA-FIELDS): advisory.
    expect([report.summary.failed, report.summary.advisory]).toEqual([5, 1]);
    const dateTo = report.results.find((r) => r.case === 'AIS-TRX-DATETO-EXCLUSIVE');
    expect(dateTo?.status).toBe('failed');
    expect(dateTo?.rules[0]?.section).toBe('Endpoints > Account information > Transaction query parameters');
    expect(dateTo?.steps[0]?.transcript[0]?.request.url).toContain('dateTo=2025-05-03');
    expect(report.target.baseUrl).toBe('https://api-10101.psd2.groupbank.example');
  });
});
