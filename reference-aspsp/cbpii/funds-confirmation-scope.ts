import type { ApiVersion } from '../../spec/lib/index.ts';

/**
 * The OAuth scope a funds confirmation token carries in each version that offers the service (seed:
 * Versioning: "CBPII scope is piisp in v1 and cbpii in v1.4.2"). v1.6.2 has no funds confirmation.
 */
export const fundsConfirmationScopes: Readonly<Partial<Record<ApiVersion, 'piisp' | 'cbpii'>>> = {
  v1: 'piisp',
  'v1.4.2': 'cbpii',
};

/** Versions in which `POST /funds-confirmations` exists. */
export const fundsConfirmationVersions: readonly ApiVersion[] = ['v1', 'v1.4.2'];

/**
 * True when a token with scope string `scope` (space-separated) may call funds confirmation in `version`:
 * a v1.4.2 `cbpii` token is refused on v1 and a v1 `piisp` token on v1.4.2 (403 BADS).
 */
export function scopeAllowsFundsConfirmation(scope: string, version: ApiVersion): boolean {
  const wanted = fundsConfirmationScopes[version];
  return wanted !== undefined && scope.split(' ').includes(wanted);
}
