import { describe, expect, it } from 'vitest';
import { parseRegistrationRequest } from '../../../../reference-aspsp/tpp/registration-request.ts';

const valid = {
  redirect_uris: ['https://tpp.example/cb'],
  token_endpoint_auth_method: 'tls_client_auth',
  grant_types: ['authorization_code'],
  client_name: 'TPP',
  contacts: ['ops@tpp.example'],
  provider_legal_id: 'PSDFR-ACPR-12345',
  jwks: { keys: [{ x5c: ['QUJD'] }] },
};

describe('registration requests', () => {
  it('reads the fields the reference uses and wraps the QSEAL as PEM', () => {
    const parsed = parseRegistrationRequest(valid);
    expect(typeof parsed === 'object' && [parsed.clientName, parsed.redirectUris, parsed.scope]).toEqual([
      'TPP',
      ['https://tpp.example/cb'],
      undefined,
    ]);
    expect(typeof parsed === 'object' && parsed.qsealPem).toContain('-----BEGIN CERTIFICATE-----\nQUJD\n');
  });

  it('names the first problem of a wrong body', () => {
    expect(parseRegistrationRequest([])).toBe('the body is not a JSON object');
    expect(parseRegistrationRequest({ ...valid, contacts: undefined })).toBe(
      'contacts must be an array of strings',
    );
    const { client_name: _omitted, ...noName } = valid;
    expect(parseRegistrationRequest(noName)).toBe('client_name is required');
    expect(parseRegistrationRequest({ ...valid, redirect_uris: ['http://tpp.example/cb'] })).toMatch(/https/);
    expect(parseRegistrationRequest({ ...valid, jwks: {} })).toMatch(/x5c/);
  });
});
