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
  it('reads the fields the reference uses and decodes the QSEAL to DER', () => {
    const parsed = parseRegistrationRequest(valid);
    expect(typeof parsed === 'object' && [parsed.clientName, parsed.redirectUris, parsed.scope]).toEqual([
      'TPP',
      ['https://tpp.example/cb'],
      undefined,
    ]);
    expect(typeof parsed === 'object' && Buffer.from(parsed.qsealDer).toString('latin1')).toBe('ABC');
  });

  it('names what the schema leaves open: https URIs without fragment, a base64 QSEAL', () => {
    expect(parseRegistrationRequest({ ...valid, redirect_uris: ['http://tpp.example/cb'] })).toMatch(/https/);
    expect(
      parseRegistrationRequest({
        ...valid,
        redirect_uris: ['https://tpp.example/cb', 'https://tpp.example/cb#x'],
      }),
    ).toMatch(/https/);
    // An empty client_name is the bank's choice to refuse (choices/reg-choices.ts), not the parser's.
    expect(parseRegistrationRequest({ ...valid, client_name: '' })).toMatchObject({ clientName: '' });
    expect(parseRegistrationRequest({ ...valid, jwks: { keys: [{ x5c: ['not base64!'] }] } })).toMatch(/x5c/);
  });

  it('refuses a body of another shape (the route checks the spec schema before it)', () => {
    expect(parseRegistrationRequest([])).toBe('the body is not a registration request');
    expect(parseRegistrationRequest({ ...valid, jwks: {} })).toBe('the body is not a registration request');
  });
});
