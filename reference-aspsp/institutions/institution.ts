/**
 * One bank institution of the group, as the reference serves it (docs/contracts.md §3).
 *
 * Read from `reference-aspsp/institutions/institutions.yaml` by {@link loadInstitutions}; handlers
 * receive the institution of the request's host in `ctx.institution`.
 */
export interface Institution {
  /** Five-digit institution code, part of the host name. */
  readonly code: string;
  readonly name: string;
  /** Whether the institution is usable on the sandbox host form. */
  readonly sandbox: boolean;
  /** Headers the Signature must cover (lower-case, `(request-target)` included). */
  readonly signatureHeaders: readonly string[];
  /** Path segment of the PISP confirmation call (`confirmation` or `o-confirmation`). */
  readonly confirmationSegment: 'confirmation' | 'o-confirmation';
  /** Whether the institution offers funds confirmation (CBPII). */
  readonly fundsConfirmation: boolean;
  /** Customer segment of its PSUs: professional PSUs use `subscription-usage` identifiers. */
  readonly segment: 'private' | 'professional';
  /**
   * Transactions per page; absent: the seed's 200 (`transactionPageSize`). Set only by the sandbox
   * `many-pages` edge behaviour, for the calls of the TPP that switched it on.
   */
  readonly transactionPageSize?: number | undefined;
  /**
   * Signature freshness, a bank's choice the seed does not ask for (off when absent): the signature
   * must cover `date` or `(created)` within `windowSeconds` of the server clock, and with
   * `replayCache` a signature already accepted in that window is refused.
   */
  readonly signatureFreshness?: SignatureFreshness | undefined;
}

/** See {@link Institution.signatureFreshness}. */
export interface SignatureFreshness {
  readonly windowSeconds: number;
  readonly replayCache: boolean;
}

/** The host form a request came in on (`spec/versions.yaml`, `hosts:`). */
export type HostForm = 'live' | 'sandbox' | 'former-live';
