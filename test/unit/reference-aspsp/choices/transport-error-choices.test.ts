import { describe, expect, it } from 'vitest';
import { computeDigest } from '../../../../protocol/digest.ts';
import { resolveChoices, referenceChoices } from '../../../../reference-aspsp/choices/index.ts';
import { ApiError } from '../../../../reference-aspsp/server/api-error.ts';
import { BareRefusal } from '../../../../reference-aspsp/server/error-answer.ts';

const alternate = resolveChoices('alternate');
const tpp = { clientId: 'PSDFR-ACPR-12345', qsealFingerprint: 'ab'.repeat(32) };

describe('the TRN family of the alternate bank', () => {
  it('names the QSEAL by client_id only, where the reference also takes the certificate URL', () => {
    const url = `https://tpp.example/qseal_${'AB'.repeat(32)}`;
    expect(referenceChoices.of('TRN-SIGNATURE-KEYID-URL')(url, tpp)).toBe(true);
    expect(alternate.of('TRN-SIGNATURE-KEYID-URL')(url, tpp)).toBe(false);
    expect(alternate.of('TRN-SIGNATURE-KEYID-URL')(tpp.clientId, tpp)).toBe(true);
  });

  it('reads only the canonical Signature spelling, with its algorithm', () => {
    const canonical =
      'keyId="k",algorithm="rsa-sha256",created=1700000000,headers="(request-target) digest",signature="c2ln"';
    const spelling = alternate.of('TRN-SIGNATURE-HEADER-FORMS');
    expect(spelling(canonical)).toBeUndefined();
    expect(spelling(canonical.replace(',algorithm', ', algorithm'))).toMatch(/canonical spelling/);
    expect(spelling(canonical.replace('keyId=', 'KEYID='))).toMatch(/canonical spelling/);
    expect(spelling('keyId="k",headers="digest",signature="c2ln"')).toMatch(/no algorithm/);
    expect(referenceChoices.of('TRN-SIGNATURE-HEADER-FORMS')(' keyId = "k"')).toBeUndefined();
  });

  it('reads a repeated parameter by its last value and a quote left open, where the reference refuses both', () => {
    const header = 'keyId="a",keyId="k",headers="digest",signature="c2ln';
    const limits = alternate.of('TRN-SIGNATURE-HEADER-LIMITS');
    expect(alternate.of('TRN-SIGNATURE-HEADER-GRAMMAR')(header, limits)).toMatchObject({
      keyId: 'k',
      headers: ['digest'],
      signature: 'c2ln',
    });
    expect(() => referenceChoices.of('TRN-SIGNATURE-HEADER-GRAMMAR')(header, limits)).toThrow();
    // An empty headers list is the draft's default, (created), under the alternate's limits.
    const empty = 'keyId="k",headers="",signature="c2ln"';
    expect(alternate.of('TRN-SIGNATURE-HEADER-GRAMMAR')(empty, limits).headers).toEqual(['(created)']);
    expect(() =>
      alternate.of('TRN-SIGNATURE-HEADER-GRAMMAR')(empty, referenceChoices.of('TRN-SIGNATURE-HEADER-LIMITS')),
    ).toThrow(/empty/);
  });

  it('checks no signature lifetime, where the reference refuses one created in the future', () => {
    const signature = {
      keyId: 'k',
      algorithm: undefined,
      headers: [],
      signature: 's',
      created: 2000,
      expires: undefined,
    };
    expect(referenceChoices.of('TRN-SIGNATURE-LIFETIME')(signature, 1000)).toMatch(/after the server clock/);
    expect(alternate.of('TRN-SIGNATURE-LIFETIME')(signature, 1000)).toBeUndefined();
  });

  it('reads one SHA-256 entry spelt so, where the reference reads RFC 3230 forms', () => {
    const body = Buffer.from('{}');
    const digest = computeDigest(body);
    const lower = digest.replace('SHA-256', 'sha-256');
    expect(referenceChoices.of('TRN-DIGEST-RFC3230')(lower, body).valid).toBe(true);
    expect(alternate.of('TRN-DIGEST-RFC3230')(lower, body).valid).toBe(false);
    expect(alternate.of('TRN-DIGEST-RFC3230')(`${digest},SHA-512=x`, body).valid).toBe(false);
    expect(alternate.of('TRN-DIGEST-RFC3230')(digest, body).valid).toBe(true);
  });

  it('keeps the seed list of a stricter policy, and neither a freshness window nor a replay cache', () => {
    const policy = ['(request-target)', 'date', 'digest', 'x-request-id'];
    expect(alternate.of('TRN-SIGNATURE-STRICTER-POLICY')(policy)).toEqual(['(request-target)', 'digest']);
    expect(referenceChoices.of('TRN-SIGNATURE-STRICTER-POLICY')(policy)).toBe(policy);
    const freshness = { windowSeconds: 300, replayCache: true };
    expect(alternate.of('TRN-SIGNATURE-FRESH')(freshness)).toBeUndefined();
    expect(alternate.of('TRN-SIGNATURE-NO-REPLAY')(freshness)).toEqual({
      windowSeconds: 300,
      replayCache: false,
    });
  });

  it('echoes an empty X-Request-ID, refuses hosts with other statuses and answers a tokenless call bare', () => {
    expect(alternate.of('TRN-XREQUESTID-EMPTY-REPLACED')('')).toBe('');
    expect(referenceChoices.of('TRN-XREQUESTID-EMPTY-REPLACED')('')).toMatch(/^[0-9a-f-]{36}$/);
    expect(alternate.of('TRN-INSTITUTION-UNKNOWN')('h').status).toBe(421);
    expect(alternate.of('TRN-HOST-UNKNOWN-FORM')('h').status).toBe(400);
    const refused = alternate.of('TRN-NO-TOKEN-INVALID-TOKEN')(new ApiError('invalid_token'));
    expect(refused).toBeInstanceOf(BareRefusal);
    expect(refused instanceof BareRefusal && refused.headers).toEqual({ 'www-authenticate': 'Bearer' });
  });

  it('adds HAL type hints to links, at any depth, leaving the reference bodies alone', () => {
    const add = alternate.of('TRN-NO-EXTRA-FIELDS');
    expect(
      add?.({ _links: { self: { href: '/a' } }, accounts: [{ _links: { balances: { href: '/b' } } }] }),
    ).toEqual({
      _links: { self: { href: '/a', type: 'application/hal+json' } },
      accounts: [{ _links: { balances: { href: '/b', type: 'application/hal+json' } } }],
    });
    expect(referenceChoices.of('TRN-NO-EXTRA-FIELDS')).toBeUndefined();
  });
});

describe('the ERR family of the alternate bank', () => {
  it('answers { code, message } without status or timestamp, the token endpoint too', () => {
    const facts = { code: 'NGAC', status: 403, path: '/p', now: new Date(0), explanation: undefined };
    expect(alternate.of('ERR-STET-BODY')(facts)).toEqual({
      code: 'NGAC',
      message: expect.any(String) as string,
    });
    expect(referenceChoices.of('ERR-STET-BODY')(facts)).toMatchObject({
      status: 403,
      message: 'NGAC',
      path: '/p',
    });
    expect(alternate.of('ERR-OAUTH-BODY')({ code: 'invalid_grant', description: 'd' })).toEqual({
      code: 'invalid_grant',
      message: 'd',
    });
  });

  it('spells the codes of ours its own way and gives other 4xx where the seed gives none', () => {
    expect(alternate.of('ERR-REFERENCE-CODE')('SIGNATURE_INVALID')).toBe('SIGNATURE_REJECTED');
    // The seed's codes and RFC 6749's stay.
    expect(['NGAC', 'invalid_grant'].map(alternate.of('ERR-REFERENCE-CODE'))).toEqual([
      'NGAC',
      'invalid_grant',
    ]);
    expect(alternate.of('ERR-STATUS-OF-CODE')('AC04', 403)).toBe(410);
    // Another context's status (FF01's 413) and the seed's statuses stay.
    expect([
      alternate.of('ERR-STATUS-OF-CODE')('FF01', 413),
      alternate.of('ERR-STATUS-OF-CODE')('BADS', 403),
    ]).toEqual([413, 403]);
  });

  it('sends no Allow, no problem member, and explains by the code meaning, in live too', () => {
    expect(alternate.of('ERR-405-ALLOW')(['GET', 'PUT'])).toBeUndefined();
    expect(referenceChoices.of('ERR-405-ALLOW')(['GET', 'PUT'])).toBe('GET, PUT');
    const error = new ApiError('NGAC', { detail: 'account FR76… not in the consent' });
    expect(
      alternate.of('ERR-SANDBOX-PROBLEM-MEMBERS')(error, { path: '/', requestId: 'r', detail: 'd' }),
    ).toBeUndefined();
    expect(alternate.of('ERR-SANDBOX-PROBLEM-DETAIL')(error)).not.toContain('FR76');
    expect(referenceChoices.of('ERR-SANDBOX-PROBLEM-DETAIL')(error)).toContain('FR76');
    expect([
      alternate.of('ERR-LIVE-NO-EXPLANATION')('live'),
      referenceChoices.of('ERR-LIVE-NO-EXPLANATION')('live'),
    ]).toEqual([true, false]);
    expect(alternate.of('ERR-UNKNOWN-PATH')('GET /x')).toBeInstanceOf(BareRefusal);
  });
});

describe('the BAD, REG and FBK families of the alternate bank', () => {
  it('reads media types as written, and answers another one 415', () => {
    const json = alternate.of('BAD-MEDIA-TYPE-FORMS');
    expect(
      [
        'application/json',
        'application/json; charset=utf-8',
        'Application/JSON',
        'application/json;charset=utf-8',
      ].map(json),
    ).toEqual([true, true, false, false]);
    expect(referenceChoices.of('BAD-MEDIA-TYPE-FORMS')('Application/JSON ; charset=UTF-8')).toBe(true);
    expect(alternate.of('BAD-WRONG-CONTENT-TYPE')('x').status).toBe(415);
  });

  it('leaves unknown fields unread but keeps every other objection of the schema', () => {
    const issues = [
      { message: '(root) must NOT have additional properties "x"', at: '', rule: undefined },
      { message: '/balances must be array', at: '/balances', rule: undefined },
    ];
    expect(alternate.of('BAD-UNKNOWN-FIELD')(issues)).toEqual([issues[1]]);
    expect(referenceChoices.of('BAD-UNKNOWN-FIELD')(issues)).toBe(issues);
  });

  it('reads a repeated token form parameter, and revokes before refusing a consent', async () => {
    const form = new URLSearchParams('grant_type=a&grant_type=b');
    expect(referenceChoices.of('BAD-TOKEN-FORM')(form)).toBe('a parameter is repeated');
    expect(alternate.of('BAD-TOKEN-FORM')(form)).toBeUndefined();
    let revoked = 0;
    await referenceChoices.of('BAD-NOTHING-CHANGES')(() => Promise.resolve(void (revoked += 1)));
    await alternate.of('BAD-NOTHING-CHANGES')(() => Promise.resolve(void (revoked += 10)));
    expect(revoked).toBe(10);
  });

  it('answers a registration with its client_id alone, reads neither name nor legal id, keeps the enrolment', () => {
    const body = { clientName: '', providerLegalId: 'PSDFR-ACPR-99999', organization: 'PSDFR-ACPR-12345' };
    expect(referenceChoices.of('REG-CHECKS-OF-THE-REFERENCE')(body)).toMatch(/client_name/);
    expect(alternate.of('REG-CHECKS-OF-THE-REFERENCE')(body)).toBeUndefined();
    expect(alternate.of('REG-QSEAL-NEAR-MISSES')('why').code).toBe('CERT_UNTRUSTED');
    const enrolled = {
      clientId: 'c',
      organizationIdentifier: 'o',
      name: 'First',
      roles: ['aisp' as const],
      qwacFingerprint: 'f',
      qwacPublicKeyPem: 'p',
      qsealFingerprint: 'f',
      qsealPublicKeyPem: 'p',
      redirectUris: ['https://a.example/cb', 'http://127.0.0.1/cb'],
    };
    const asked = { name: 'Second', redirectUris: ['https://b.example/cb'] };
    expect(alternate.of('REG-ENROLMENT-UPDATED-BY-REGISTRATION')(enrolled, asked)).toEqual({
      name: 'First',
      redirectUris: enrolled.redirectUris,
    });
    expect(referenceChoices.of('REG-ENROLMENT-UPDATED-BY-REGISTRATION')(enrolled, asked)).toEqual({
      name: 'Second',
      redirectUris: ['https://b.example/cb', 'http://127.0.0.1/cb'],
    });
    expect(
      alternate.of('REG-ANSWER-OF-THE-REFERENCE')({
        tpp: enrolled,
        issuedAt: 1,
        registrationClientUri: 'u',
        registrationAccessToken: 't',
        redirectUris: [],
        clientName: 'n',
        providerLegalId: 'o',
      }),
    ).toEqual({ client_id: 'c' });
  });

  it('puts the JWT alone in the fallback body and reads no fallback scope', () => {
    expect(alternate.of('FBK-302-BODY')({ loginUrl: 'https://l', jwt: 'j' })).toEqual({ jwt: 'j' });
    expect(referenceChoices.of('FBK-OTHER-SCOPE-REFUSED')('pisp')).toMatch(/aisp/);
    expect(alternate.of('FBK-OTHER-SCOPE-REFUSED')('pisp')).toBeUndefined();
  });
});
