/**
 * True when a status read may see the payment: its `X-Request-ID` equals the one sent with the
 * initiation (seed: Endpoints, GET payment request). The comparison is exact (case and spaces count);
 * a read without X-Request-ID never matches.
 */
export function requestIdMatches(options: { initiation: string; read: string | undefined }): boolean {
  return options.read !== undefined && options.read === options.initiation;
}
