import { describe, expect, it } from 'vitest';
import { noConsent } from '../../../../../reference-aspsp/ais/consent.ts';
import type { FaultName } from '../../../../../reference-aspsp/faults/catalogue.ts';
import { noFaults } from '../../../../../reference-aspsp/faults/no-faults.ts';
import { ApiError } from '../../../../../reference-aspsp/server/api-error.ts';
import type { JsonSchemaBody } from '../../../../../reference-aspsp/server/route.ts';
import { bodySchemaStage, bodyStage } from '../../../../../reference-aspsp/server/stages/body-stage.ts';
import { referenceChoices } from '../../../../../reference-aspsp/choices/index.ts';

const json = { 'content-type': 'application/json; charset=utf-8' };
const consent: JsonSchemaBody = {
  kind: 'json',
  schema: 'ConsentRequest',
  unchecked: (faults) => faults.has('consent-body-not-validated'),
};
// The consent in force before any PUT: a valid v1.6.2 consent body naming no account.
const validConsent = noConsent;

function refusal(
  run: () => unknown,
): { code: string; status: number; detail: string | undefined } | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, status: error.status, detail: error.detail };
    throw error;
  }
  return undefined;
}

describe('the body stage', () => {
  it('parses JSON and forms as the route declares, and ignores the body of other routes', () => {
    expect(
      bodyStage('json', { headers: json, raw: Buffer.from('{"a":[1]}'), choices: referenceChoices }).body,
    ).toEqual({ a: [1] });
    expect(
      bodyStage(consent, { headers: json, raw: Buffer.from('{"a":2}'), choices: referenceChoices }).body,
    ).toEqual({ a: 2 });
    const form = bodyStage('form', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: Buffer.from('a=1'),
      choices: referenceChoices,
    });
    expect(form.form.get('a')).toBe('1');
    expect(
      bodyStage(undefined, { headers: json, raw: Buffer.from('not json'), choices: referenceChoices }).body,
    ).toBeUndefined();
  });

  it('refuses a wrong media type or malformed JSON 400 FF01', () => {
    expect(
      refusal(() =>
        bodyStage('json', {
          headers: { 'content-type': 'text/plain' },
          raw: Buffer.from('{}'),
          choices: referenceChoices,
        }),
      )?.code,
    ).toBe('FF01');
    expect(
      refusal(() =>
        bodyStage('json', { headers: json, raw: Buffer.from('{"a":'), choices: referenceChoices }),
      )?.code,
    ).toBe('FF01');
    expect(
      refusal(() => bodyStage('form', { headers: json, raw: Buffer.from('a=1'), choices: referenceChoices }))
        ?.code,
    ).toBe('FF01');
  });
});

describe('the body schema, declared on the route', () => {
  it('passes a body the version schema accepts and refuses one it rejects 400 FF01 with the errors', () => {
    expect(
      refusal(() =>
        bodySchemaStage(consent, {
          version: 'v1.6.2',
          body: validConsent,
          faults: noFaults,
          choices: referenceChoices,
        }),
      ),
    ).toBe(undefined);
    const { owners: _owners, ...withoutOwners } = validConsent;
    const { overdrafts: _overdrafts, ...v1Consent } = withoutOwners;
    const refused = refusal(() =>
      bodySchemaStage(consent, {
        version: 'v1.6.2',
        body: withoutOwners,
        faults: noFaults,
        choices: referenceChoices,
      }),
    );
    expect([refused?.code, refused?.status]).toEqual(['FF01', 400]);
    expect(refused?.detail).toContain('owners');
    // The schema is the version's: v1 knows neither owners nor overdrafts.
    expect(
      refusal(() =>
        bodySchemaStage(consent, {
          version: 'v1',
          body: v1Consent,
          faults: noFaults,
          choices: referenceChoices,
        }),
      ),
    ).toBe(undefined);
    const v1Refused = refusal(() =>
      bodySchemaStage(consent, {
        version: 'v1',
        body: withoutOwners,
        faults: noFaults,
        choices: referenceChoices,
      }),
    );
    expect(v1Refused?.code).toBe('FF01');
  });

  it('says a body that is not an object must be one', () => {
    const refused = refusal(() =>
      bodySchemaStage(consent, { version: 'v1', body: [1], faults: noFaults, choices: referenceChoices }),
    );
    expect(refused?.detail).toBe('the body must be a JSON object');
  });

  it('lets a body through when the route says so under a fault', () => {
    const faults = new Set<FaultName>(['consent-body-not-validated']);
    expect(
      refusal(() =>
        bodySchemaStage(consent, { version: 'v1.6.2', body: { x: 1 }, faults, choices: referenceChoices }),
      ),
    ).toBeUndefined();
  });

  it('answers with the route refusal, given the schema validator', () => {
    const custom: JsonSchemaBody = {
      ...consent,
      refusal: ({ validate }) =>
        new ApiError('AC01', { status: 400, detail: String(validate(validConsent).valid) }),
    };
    const refused = refusal(() =>
      bodySchemaStage(custom, { version: 'v1.6.2', body: {}, faults: noFaults, choices: referenceChoices }),
    );
    expect(refused).toEqual({ code: 'AC01', status: 400, detail: 'true' });
  });

  it('checks nothing for routes that declare no schema', () => {
    expect(
      refusal(() =>
        bodySchemaStage('json', { version: 'v1', body: 'x', faults: noFaults, choices: referenceChoices }),
      ),
    ).toBeUndefined();
  });
});
