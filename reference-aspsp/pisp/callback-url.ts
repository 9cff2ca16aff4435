/** Loopback hosts, where a TPP developer's local callback may use plain http. */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * True when `value` may be a payment callback (successfulReportUrl, unsuccessfulReportUrl): STET wants
 * TLS on callbacks, so an absolute https URL; plain http only on a loopback host, for local development.
 */
export function isCallbackUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));
  } catch {
    return false;
  }
}
