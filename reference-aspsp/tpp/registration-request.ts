import { isRecord } from '../lib/is-record.ts';

/** The part of a STET registration request (RFC 7591 style) the reference uses. */
export interface RegistrationRequest {
  readonly redirectUris: readonly string[];
  readonly clientName: string;
  readonly providerLegalId: string;
  /** Space-separated roles asked for (`aisp cbpii pisp`); absent: every role of the QWAC. */
  readonly scope: string | undefined;
  /** The QSEAL certificate (PEM), from `jwks.keys[0].x5c[0]`. */
  readonly qsealPem: string;
}

const required = [
  'redirect_uris',
  'token_endpoint_auth_method',
  'grant_types',
  'client_name',
  'contacts',
  'provider_legal_id',
];

/**
 * Parses a registration body (the required fields of STET's RegistrationRequestResource, plus the
 * QSEAL in `jwks` so the bank can verify the TPP's signatures). Returns the first problem as text.
 */
export function parseRegistrationRequest(value: unknown): RegistrationRequest | string {
  if (!isRecord(value)) return 'the body is not a JSON object';
  for (const name of required) if (!(name in value)) return `${name} is required`;
  const uris = value.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) return 'redirect_uris must be a non-empty array';
  const redirectUris: string[] = [];
  for (const uri of uris) {
    if (typeof uri !== 'string' || !/^https:\/\/[^\s#]+$/.test(uri) || !URL.canParse(uri)) {
      return 'redirect_uris must hold https URLs without fragment';
    }
    redirectUris.push(uri);
  }
  const { client_name: clientName, provider_legal_id: providerLegalId, scope } = value;
  if (typeof clientName !== 'string' || clientName === '') return 'client_name must be a non-empty string';
  if (typeof providerLegalId !== 'string' || providerLegalId === '')
    return 'provider_legal_id must be a string';
  if (scope !== undefined && typeof scope !== 'string') return 'scope must be a string';
  if (!Array.isArray(value.grant_types) || !value.grant_types.every((g) => typeof g === 'string')) {
    return 'grant_types must be an array of strings';
  }
  if (typeof value.token_endpoint_auth_method !== 'string')
    return 'token_endpoint_auth_method must be a string';
  if (!Array.isArray(value.contacts) || !value.contacts.every((c) => typeof c === 'string')) {
    return 'contacts must be an array of strings';
  }
  const jwks = value.jwks;
  const key: unknown = isRecord(jwks) && Array.isArray(jwks.keys) ? jwks.keys[0] : undefined;
  const x5c: unknown = isRecord(key) && Array.isArray(key.x5c) ? key.x5c[0] : undefined;
  if (typeof x5c !== 'string' || !/^[A-Za-z0-9+/]+=*$/.test(x5c))
    return 'jwks.keys[0].x5c[0] must hold the QSEAL certificate (base64 DER)';
  const qsealPem = `-----BEGIN CERTIFICATE-----\n${x5c.replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----\n`;
  return { redirectUris, clientName, providerLegalId, scope, qsealPem };
}
