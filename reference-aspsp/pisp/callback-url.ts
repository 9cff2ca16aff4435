import type { EnrolledTpp } from '../tpp/enrolled-tpp.ts';

/** Loopback hosts, where a TPP developer's local callback may use plain http. */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The hosts a TPP's payment callbacks may name: those of its enrolled redirect URIs, lower-cased. */
export function callbackHosts(tpp: Pick<EnrolledTpp, 'redirectUris'>): ReadonlySet<string> {
  const hosts = new Set<string>();
  for (const uri of tpp.redirectUris) {
    if (URL.canParse(uri)) hosts.add(new URL(uri).hostname.toLowerCase());
  }
  return hosts;
}

/**
 * True when `value` may be a payment callback (successfulReportUrl, unsuccessfulReportUrl): STET wants
 * TLS on callbacks, so an absolute https URL (plain http only on a loopback host, for local
 * development), on a host of the TPP's enrolled redirect URIs (`hosts`, from {@link callbackHosts}):
 * the bank redirects the PSU there, and any other host would make it an open redirector.
 */
export function isCallbackUrl(value: string, hosts: ReadonlySet<string>): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(url.hostname));
  return secure && hosts.has(url.hostname.toLowerCase());
}
