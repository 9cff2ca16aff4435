import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { harToK6Plan } from '../../../load/k6/har-to-k6.ts';
import type { Har, HarEntry } from '../../../traffic/har/har.ts';
import { parseHar } from '../../../traffic/har/parse-har.ts';

const fixture = parseHar(
  readFileSync(new URL('../traffic/fixtures/ais-session.har', import.meta.url), 'utf8'),
);

/** A copy of the fixture's GET /accounts entry with another request. */
function entry(
  method: string,
  url: string,
  options: { body?: string; headers?: Record<string, string>; form?: boolean } = {},
): HarEntry {
  const base = fixture.log.entries[3];
  if (base === undefined) throw new Error('fixture changed');
  const headers = Object.entries(options.headers ?? {}).map(([name, value]) => ({ name, value }));
  return {
    ...base,
    request: {
      ...base.request,
      method,
      url,
      headers,
      ...(options.body === undefined
        ? {}
        : {
            postData: {
              mimeType: options.form === true ? 'application/x-www-form-urlencoded' : 'application/json',
              text: options.body,
              ...(options.form === true
                ? { params: [...new URLSearchParams(options.body)].map(([name, value]) => ({ name, value })) }
                : {}),
            },
          }),
    },
  };
}

function har(entries: HarEntry[]): Har {
  return { log: { ...fixture.log, entries } };
}

const beta = 'https://api-20202.psd2.groupbank.example';

describe('harToK6Plan', () => {
  it('keeps each institution on its host, with the headers its recorded Signature covered', () => {
    const plan = harToK6Plan(
      har([
        ...fixture.log.entries,
        entry('GET', `${beta}/stet/psd2/v1.6.2/accounts`, {
          headers: {
            signature:
              'keyId="PSDFR-ACPR-12345",algorithm="rsa-sha256",headers="(request-target) x-request-id",signature="REDACTED-SIGNATURE-1"',
          },
        }),
      ]),
      { source: 'x.har', durationMs: 1000, vus: 3, thresholds: [] },
    );
    expect(plan.parts.map((p) => [p.name, p.host, p.version, p.executor])).toEqual([
      ['recording-10101', 'api-10101.psd2.groupbank.example', 'v1.4.2', { kind: 'vus', vus: 3 }],
      ['recording-20202', 'api-20202.psd2.groupbank.example', 'v1.6.2', { kind: 'vus', vus: 3 }],
    ]);
    expect(plan.parts[1]?.signatureHeaders).toEqual(['(request-target)', 'x-request-id']);
    expect(plan.clientId).toBe('PSDFR-ACPR-12345');
  });

  it('turns recorded token requests into token steps and leaves out what cannot be replayed', () => {
    const plan = harToK6Plan(
      har([
        entry('POST', `${beta}/stet/psd2/oauth/token`, {
          body: 'grant_type=refresh_token&client_id=PSDFR-ACPR-12345&refresh_token=REDACTED-REFRESH-TOKEN-1',
          form: true,
        }),
        entry('POST', `${beta}/stet/psd2/oauth/token`, {
          body: 'grant_type=client_credentials&client_id=PSDFR-ACPR-12345&scope=pisp',
          form: true,
        }),
        entry('POST', `${beta}/stet/psd2/v1.6.2/payment-requests`, {
          body: JSON.stringify({ paymentInformationId: 'REDACTED-ID-2', n: 1 }),
        }),
        entry('GET', `${beta}/stet/psd2/v1.6.2/payment-requests/p-1`),
        entry('GET', `${beta}/stet/psd2/v1.6.2/accounts/REDACTED-ID-3/balances`),
        entry('POST', `${beta}/sandbox/v1/psus`, { body: '{"persona":"alice"}' }),
      ]),
      { source: 'x.har', durationMs: 1000, vus: 1, thresholds: [] },
    );
    const steps = plan.parts[0]?.steps ?? [];
    expect(
      steps.map((s) => (s.kind === 'token' ? `token ${s.grant}` : `${s.method} ${s.path} ${s.token}`)),
    ).toEqual(['token refresh', 'token client-credentials', 'POST /stet/psd2/v1.6.2/payment-requests first']);
    expect(steps[2]).toMatchObject({ body: { paymentInformationId: '{{id}}', n: 1 } });
    expect(plan.source).toContain('left out: 1 PISP calls after the redirect');
    expect(plan.source).toContain('left out: 1 calls whose path holds a redacted value');
    expect(plan.source).toContain('left out: 1 sandbox control calls');
    expect(JSON.stringify(plan.parts)).not.toContain('REDACTED');
  });
});
