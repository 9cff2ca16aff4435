/**
 * The field names whose value is a credential, wherever they travel (JSON bodies, form bodies, URL
 * queries): the one list the report redaction and its secret scan (harness/report/) and the traffic
 * recorder's redaction (traffic/redact/) import, so a field added here is hidden everywhere.
 *
 * It covers every token-like field of the spec and of the OAuth texts it builds on: the token response
 * and forms (RFC 6749: `access_token`, `refresh_token`, `code`, `client_secret`), PKCE
 * (`code_verifier`), OpenID (`id_token`), client assertions (RFC 7523), revocation (RFC 7009 `token`),
 * dynamic registration (RFC 7591/7592: `client_secret`, `registration_access_token`), and the
 * journey's one-time password.
 */

/** What a credential field holds; report placeholders are named after it. */
export type CredentialKind =
  | 'access_token'
  | 'refresh_token'
  | 'id_token'
  | 'code'
  | 'code_verifier'
  | 'otp'
  | 'client_secret'
  | 'registration_access_token'
  | 'secret';

/** Credential field name → kind. Names are compared lower-cased. */
export const credentialFields: ReadonlyMap<string, CredentialKind> = new Map<string, CredentialKind>([
  ['access_token', 'access_token'],
  ['refresh_token', 'refresh_token'],
  ['id_token', 'id_token'],
  ['code', 'code'],
  ['code_verifier', 'code_verifier'],
  ['otp', 'otp'],
  ['client_secret', 'client_secret'],
  ['registration_access_token', 'registration_access_token'],
  ['client_assertion', 'secret'],
  ['assertion', 'secret'],
  ['password', 'secret'],
  ['token', 'secret'],
]);

/**
 * Fields that are credentials in forms and URLs only. In JSON, STET uses `code` for bank transaction
 * codes and the sandbox control API's `token` names a token kind (`"access"`): an authorization code
 * or a revoked token never travels in JSON.
 */
export const formOnlyCredentialFields: ReadonlySet<string> = new Set(['code', 'token']);

/** Credential field name → kind, for JSON bodies (without {@link formOnlyCredentialFields}). */
export const jsonCredentialFields: ReadonlyMap<string, CredentialKind> = new Map(
  [...credentialFields].filter(([name]) => !formOnlyCredentialFields.has(name)),
);
