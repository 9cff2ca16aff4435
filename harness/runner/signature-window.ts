/**
 * Instants around an institution's signature freshness window (rule TRN-SIGNATURE-FRESH), for the
 * `{{signatureDateBeforeWindow}}`, `{{signatureDateInWindow}}` and `{{signatureDateAfterWindow}}` of
 * a case (HTTP dates, for a `date` header) and `{{signatureCreatedBeforeWindow}}`,
 * `{{signatureCreatedInWindow}}` and `{{signatureCreatedAfterWindow}}` (Unix seconds, for a
 * signature's `created` parameter): each as far from the window's edge as the margin below, so a
 * bank clock a few seconds off this machine's, the network's delay and whole seconds do not change
 * the verdict.
 */

/** Where an instant lies against the window, by the name a case uses for it. */
export const signatureWindowDates = {
  signatureDateBeforeWindow: 'before',
  signatureDateInWindow: 'in',
  signatureDateAfterWindow: 'after',
  signatureCreatedBeforeWindow: 'before',
  signatureCreatedInWindow: 'in',
  signatureCreatedAfterWindow: 'after',
} as const;

/** A built-in name of {@link signatureWindowDates}. */
export type SignatureWindowDateName = keyof typeof signatureWindowDates;

/** True when `ref` names one of the window's dates. */
export function isSignatureWindowDate(ref: string): ref is SignatureWindowDateName {
  return Object.hasOwn(signatureWindowDates, ref);
}

/** The distance kept from the window's edge: a sixth of the window, between 2 and 30 seconds. */
export function windowMarginSeconds(windowSeconds: number): number {
  return Math.min(30, Math.max(2, Math.round(windowSeconds / 6)));
}

/**
 * The instant `margin` outside the window in the past (`before`), `margin` inside it in the past
 * (`in`), or `margin` outside it in the future (`after`), from `nowMs`: an HTTP date (`Date` header)
 * for the `signatureDate…` names, Unix seconds for the `signatureCreated…` ones.
 */
export function signatureWindowDate(
  name: SignatureWindowDateName,
  windowSeconds: number,
  nowMs: number,
): string | number {
  const margin = windowMarginSeconds(windowSeconds);
  const offsetSeconds = {
    before: -(windowSeconds + margin),
    in: -(windowSeconds - margin),
    after: windowSeconds + margin,
  }[signatureWindowDates[name]];
  const at = nowMs + offsetSeconds * 1000;
  return name.startsWith('signatureCreated') ? Math.floor(at / 1000) : new Date(at).toUTCString();
}
