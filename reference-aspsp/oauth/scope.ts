import type { Role } from '../../spec/lib/index.ts';

/** Scope tokens naming each role (seed: What the service does): CBPII is `piisp` in v1, `cbpii` in v1.4.2. */
const roleOfScopeToken: Readonly<Record<string, Role>> = {
  aisp: 'aisp',
  cbpii: 'cbpii',
  piisp: 'cbpii',
  pisp: 'pisp',
};

/** One token of a scope, with the role it names (undefined: `offline_access` or an unknown token). */
export interface ScopeToken {
  readonly token: string;
  readonly role: Role | undefined;
}

/** The role a scope asks for, read from its tokens (a bank's reading, rule TOK-AUTHORIZE-SCOPE-FORM). */
export type ScopeReading = (tokens: readonly ScopeToken[]) => { role: Role; token: string } | undefined;

/**
 * The reference's reading: exactly one role token, optionally with `offline_access`. Undefined for
 * an empty scope, an unknown token or two roles at once.
 */
export const exactlyOneRole: ScopeReading = (tokens) => {
  let found: { role: Role; token: string } | undefined;
  for (const { token, role } of tokens) {
    if (token === 'offline_access') continue;
    if (role === undefined || found !== undefined) return undefined;
    found = { role, token };
  }
  return found;
};

/** The role an authorize `scope` asks for, as `reading` reads its tokens (the reference's by default). */
export function roleOfScope(
  scope: string,
  reading: ScopeReading = exactlyOneRole,
): { role: Role; token: string } | undefined {
  const tokens = (scope.match(/[^ ]+/g) ?? []).map((token) => ({ token, role: roleOfScopeToken[token] }));
  return reading(tokens);
}

/** The `scope` of a token response from the role token the grant was asked with (rule TOK-SCOPE-OFFLINE-ACCESS). */
export type TokenScopeForm = (roleToken: string, role: Role) => string;

/**
 * The reference's token response scope: `aisp offline_access` as in the seed's example; CBPII keeps
 * its scope token (`piisp` or `cbpii`) with `offline_access` as it also gets a refresh token; PISP `pisp`.
 */
export const withOfflineAccess: TokenScopeForm = (roleToken, role) =>
  role === 'pisp' ? roleToken : `${roleToken} offline_access`;

/** The `scope` of the token response for the `requested` authorize scope, in the bank's form. */
export function tokenScope(requested: string, form: TokenScopeForm = withOfflineAccess): string {
  const parsed = roleOfScope(requested);
  if (parsed === undefined) return requested;
  return form(parsed.token, parsed.role);
}
