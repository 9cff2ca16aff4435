import { versionsWhere, type VersionProfile } from '../../spec/lib/index.ts';

/** Versions in which `POST /funds-confirmations` exists (their profile's `fundsConfirmation`). */
export const fundsConfirmationVersions = versionsWhere((profile) => profile.fundsConfirmation);

/**
 * True when a token with scope string `scope` (space-separated) may call funds confirmation in the
 * profile's version: its CBPII scope (seed: Versioning: "CBPII scope is piisp in v1 and cbpii in
 * v1.4.2"), so a v1.4.2 `cbpii` token is refused on v1 and a v1 `piisp` token on v1.4.2 (403 BADS).
 */
export function scopeAllowsFundsConfirmation(scope: string, profile: VersionProfile): boolean {
  // A version without a CBPII scope (null) matches no token.
  return scope.split(' ').some((token) => token === profile.cbpiiScope);
}
