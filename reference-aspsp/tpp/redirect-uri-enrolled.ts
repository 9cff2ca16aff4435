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
  return tpp.redirectUris.some((enrolled) => {
    const candidate = parse(enrolled);
    return (
      candidate !== undefined &&
      loopbackHosts.has(candidate.hostname) &&
      candidate.protocol === asked.protocol &&
      candidate.hostname === asked.hostname &&
      candidate.pathname === asked.pathname &&
      candidate.search === asked.search
    );
  });
}

function parse(uri: string): URL | undefined {
  try {
    const url = new URL(uri);
    return url.hash === '' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Loopback redirect URIs the demo TPP is enrolled with besides its own (any port, RFC 8252). */
export const demoLoopbackRedirectUris: readonly string[] = [
  'http://127.0.0.1/callback',
  'http://[::1]/callback',
  'http://localhost/callback',
];
