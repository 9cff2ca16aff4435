import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../../spec/lib/index.ts';

describe('the documents require what the server requires', () => {
  it('is positive only, as the server requires (0 and negatives are FF01)', () => {
    const amount = schemaValidator('PositiveAmount', 'v1.6.2');
    expect(['0.01', '12', '12.25'].map((a) => amount(a).valid)).toEqual([true, true, true]);
    expect(['0', '0.00', '-1.00', '1.123456'].map((a) => amount(a).valid)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('stays signed where amounts may be negative (card outstandings in v1.6.2)', () => {
    expect(schemaValidator('Amount', 'v1.6.2')('-12.50').valid).toBe(true);
  });

  it('require the QSEAL certificate (jwks x5c) in a registration, which the server needs', () => {
    const register = schemaValidator('RegistrationRequest', 'v1.6.2');
    const body = {
      redirect_uris: ['https://tpp.example/cb'],
      token_endpoint_auth_method: 'tls_client_auth',
      grant_types: ['authorization_code'],
      client_name: 'TPP',
      contacts: ['ops@tpp.example'],
      provider_legal_id: 'PSDFR-ACPR-12345',
    };
    expect(register({ ...body, jwks: { keys: [{ kty: 'RSA', x5c: ['MIIB'] }] } }).valid).toBe(true);
    expect(register(body).valid).toBe(false);
    expect(register({ ...body, jwks: { keys: [{ kty: 'RSA' }] } }).valid).toBe(false);
  });

  it('give the end-user identity STET fullName beside the first and last name', () => {
    const identity = schemaValidator('EndUserIdentity', 'v1.6.2');
    const links = { self: { href: '/stet/psd2/v1.6.2/end-user-identity' } };
    expect(
      identity({
        identity: { fullName: 'Alice Martin', firstName: 'Alice', lastName: 'Martin' },
        _links: links,
      }).valid,
    ).toBe(true);
    expect(identity({ identity: { firstName: 'Alice', lastName: 'Martin' }, _links: links }).valid).toBe(
      false,
    );
  });
});
