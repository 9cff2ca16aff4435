/**
 * The online-banking login address of an institution, where a fallback 302 sends the TPP (seed:
 * Authentication 8). The reference has no online banking of its own; the address is the documented
 * convention `https://online-<code>.groupbank.example/login`, on the same domain as the API hosts.
 */
export function onlineBankingLoginUrl(institutionCode: string): string {
  return `https://online-${institutionCode}.groupbank.example/login`;
}

/** The dedicated interface's issuer name for an institution: its live host (docs/contracts.md §3). */
export function dedicatedInterfaceIssuer(institutionCode: string): string {
  return `https://api-${institutionCode}.psd2.groupbank.example`;
}
