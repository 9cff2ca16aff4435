import type { Role } from '../../spec/lib/index.ts';

/** Scope tokens naming each role (seed: What the service does): CBPII is `piisp` in v1, `cbpii` in v1.4.2. */
const roleOfScopeToken: Readonly<Record<string, Role>> = {
  aisp: 'aisp',
  cbpii: 'cbpii',
  piisp: 'cbpii',
  pisp: 'pisp',
};

/**
 * The role an authorize `scope` asks for: exactly one role token, optionally with `offline_access`.
 * Undefined for an empty scope, an unknown token or two roles at once.
 */
export function roleOfScope(scope: string): { role: Role; token: string } | undefined {
  const tokens = scope.match(/[^ ]+/g) ?? [];
  let found: { role: Role; token: string } | undefined;
  for (const token of tokens) {
    if (token === 'offline_access') continue;
    const role = roleOfScopeToken[token];
    if (role === undefined || found !== undefined) return undefined;
    found = { role, token };
  }
  return found;
}

/**
 * The `scope` of the token response: `aisp offline_access` as in the seed's example; CBPII keeps its
 * scope token (`piisp` or `cbpii`) with `offline_access` as it also gets a refresh token; PISP `pisp`.
 */
export function tokenScope(requested: string): string {
  const parsed = roleOfScope(requested);
  if (parsed === undefined) return requested;
  return parsed.role === 'pisp' ? parsed.token : `${parsed.token} offline_access`;
}
