import type { EnrolledTpp } from './enrolled-tpp.ts';

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Whether `uri` is one of the TPP's enrolled redirect URIs. An enrolled loopback URI
 * (`http://127.0.0.1/callback`, `[::1]`, `localhost`) matches on any port, as RFC 8252 §7.3 asks of
 * servers for native apps whose callback listens on an ephemeral port; everything else must be equal.
 */
export function redirectUriEnrolled(tpp: EnrolledTpp, uri: string): boolean {
  if (tpp.redirectUris.includes(uri)) return true;
  const asked = parse(uri);
  if (asked === undefined || !loopbackHosts.has(asked.hostname)) return false;
  // Equal hosts: the enrolled one is a loopback host as the asked one is.
  return tpp.redirectUris.some((enrolled) => {
    const candidate = parse(enrolled);
    return (
      candidate !== undefined &&
      candidate.protocol === asked.protocol &&
      candidate.hostname === asked.hostname &&
      candidate.pathname === asked.pathname &&
      candidate.search === asked.search
    );
  });
}

/** The URL of `uri`, or undefined when it is none or carries a fragment (never a redirect URI's). */
function parse(uri: string): URL | undefined {
  const url = URL.canParse(uri) ? new URL(uri) : undefined;
  return url?.hash === '' ? url : undefined;
}

/** Loopback redirect URIs the demo TPP is enrolled with besides its own (any port, RFC 8252). */
export const demoLoopbackRedirectUris: readonly string[] = [
  'http://127.0.0.1/callback',
  'http://[::1]/callback',
  'http://localhost/callback',
];
