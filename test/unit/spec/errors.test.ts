import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../reference-aspsp/server/api-error.ts';
import { OAuthError } from '../../../reference-aspsp/server/oauth-error.ts';
import { catalogueError, isCatalogued, listErrors, lookupError } from '../../../spec/lib/index.ts';

const seedCodes = [
  'AC01',
  'AC04',
  'AC06',
  'BE05',
  'BADS',
  'ENDE',
  'IPGN',
  'INTE',
  'INTS',
  'NGAC',
  'NIMP',
  'TMRQ',
  'RENF',
  'IPSU',
  'FF01',
  'NAAC',
  'CDNA',
];
const referenceCodes = [
  'CERT_MISSING',
  'CERT_UNTRUSTED',
  'ROLE_MISSING',
  'SIGNATURE_INVALID',
  'DIGEST_INVALID',
  'INSTITUTION_UNKNOWN',
  'HOST_UNKNOWN',
  'HOST_WITHDRAWN',
  'SANDBOX_OFF',
];
const oauthCodes = [
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
];

describe('error catalogue', () => {
  it('holds every code of the seed code list, from the seed', () => {
    for (const code of seedCodes)
      expect(lookupError(code)).toMatchObject({ code, origin: 'seed', body: 'stet' });
  });

  it('resolves the alternative spellings ISPM and TQMR to NIMP and TMRQ', () => {
    expect(lookupError('ISPM')?.code).toBe('NIMP');
    expect(lookupError('TQMR')?.code).toBe('TMRQ');
    expect(lookupError('NIMP')?.aliases).toEqual(['ISPM']);
  });

  it('keeps the statuses the seed shows, without marking them as choices', () => {
    expect(lookupError('FF01')).toMatchObject({ httpStatus: 400, statusIsChoice: false });
    expect(lookupError('ENDE')).toMatchObject({ httpStatus: 400, statusIsChoice: false });
    expect(lookupError('BADS')).toMatchObject({ httpStatus: 403, statusIsChoice: false });
    expect(lookupError('invalid_token')).toMatchObject({
      httpStatus: 401,
      statusIsChoice: false,
      body: 'stet',
    });
    expect(lookupError('NIMP')).toMatchObject({ httpStatus: 405, statusIsChoice: false });
  });

  it('gives AC01 both seed statuses: 404 unknown account and 400 in a funds confirmation body', () => {
    expect(lookupError('AC01')?.contexts.map((c) => c.httpStatus)).toEqual([404, 400]);
    expect(isCatalogued('AC01', 400)).toBe(true);
    expect(isCatalogued('AC01', 403)).toBe(false);
  });

  it('answers 501 with NIMP for the unavailable functions', () => {
    expect(isCatalogued('ISPM', 501)).toBe(true);
  });

  it('marks the chosen statuses of codes the seed gives no status', () => {
    expect(lookupError('TMRQ')).toMatchObject({ httpStatus: 429, statusIsChoice: true });
    expect(lookupError('NGAC')).toMatchObject({ httpStatus: 403, statusIsChoice: true });
  });

  it('names the 403 of a failed consent registration with a chosen code', () => {
    expect(lookupError('CONSENT_REFUSED')).toMatchObject({
      httpStatus: 403,
      codeIsChoice: true,
      origin: 'seed',
    });
  });

  it('holds the transport codes of the reference and the RFC 6749 token errors', () => {
    for (const code of referenceCodes)
      expect(lookupError(code)).toMatchObject({ origin: 'reference', body: 'stet' });
    for (const code of oauthCodes) expect(lookupError(code)).toMatchObject({ body: 'oauth' });
    expect(lookupError('HOST_WITHDRAWN')?.httpStatus).toBe(410);
    expect(lookupError('HOST_UNKNOWN')?.httpStatus).toBe(421);
    expect(lookupError('invalid_client')?.httpStatus).toBe(401);
  });

  it('is case-sensitive and knows no invented code', () => {
    expect(lookupError('ngac')).toBeUndefined();
    expect(lookupError('NOPE')).toBeUndefined();
  });

  it('lists every entry with its main status first among its contexts', () => {
    for (const entry of listErrors()) expect(entry.contexts[0]?.httpStatus).toBe(entry.httpStatus);
  });

  it('gives the entry of a listed code and refuses, with a code, one it does not list', () => {
    expect(catalogueError('ISPM').code).toBe('NIMP');
    expect(() => catalogueError('ngac')).toThrow(
      expect.objectContaining({ code: 'ERR_SPEC_UNKNOWN_ERROR_CODE' }),
    );
  });

  it('lets the reference raise listed codes only, with their catalogue status', () => {
    expect(new ApiError('TMRQ').status).toBe(429);
    expect(new OAuthError('invalid_client', 'no').status).toBe(401);
    expect(() => new ApiError('NOPE')).toThrow(
      expect.objectContaining({ code: 'ERR_SPEC_UNKNOWN_ERROR_CODE' }),
    );
    expect(() => new OAuthError('nope', 'no')).toThrow(
      expect.objectContaining({ code: 'ERR_SPEC_UNKNOWN_ERROR_CODE' }),
    );
  });
});
