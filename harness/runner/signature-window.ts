/**
 * Dates around an institution's signature freshness window (rule TRN-SIGNATURE-FRESH), for the
 * `{{signatureDateBeforeWindow}}`, `{{signatureDateInWindow}}` and `{{signatureDateAfterWindow}}` of
 * a case: each as far from the window's edge as the margin below, so a bank clock a few seconds off
 * this machine's, the network's delay and the HTTP date's whole seconds do not change the verdict.
 */

/** Where a date lies against the window, by the name a case uses for it. */
export const signatureWindowDates = {
  signatureDateBeforeWindow: 'before',
  signatureDateInWindow: 'in',
  signatureDateAfterWindow: 'after',
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
 * The HTTP date (`Date` header) `margin` outside the window in the past (`before`), `margin` inside
 * it in the past (`in`), or `margin` outside it in the future (`after`), from `nowMs`.
 */
export function signatureWindowDate(
  name: SignatureWindowDateName,
  windowSeconds: number,
  nowMs: number,
): string {
  const margin = windowMarginSeconds(windowSeconds);
  const offsetSeconds = {
    before: -(windowSeconds + margin),
    in: -(windowSeconds - margin),
    after: windowSeconds + margin,
  }[signatureWindowDates[name]];
  return new Date(nowMs + offsetSeconds * 1000).toUTCString();
}
