/**
 * A curl command line reproducing a recorded request.
 *
 * Built from a transcript request that is already redacted, so the command is redacted too: the
 * reader substitutes the placeholders (a fresh token, a new signature) before running it.
 */
import type { TranscriptRequest } from './model.ts';

/** Where curl finds the client certificate and how it reaches the host. */
export interface CurlOptions {
  /** Path of the QWAC certificate (PEM) for mTLS. */
  cert?: string;
  /** Path of the QWAC private key (PEM). */
  key?: string;
  /** Path of the CA that issued the server certificate. */
  cacert?: string;
  /** `address:port` to dial instead of resolving the URL's host (curl `--connect-to`). */
  connect?: string;
}

/** Headers curl computes itself. */
const computedHeaders = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

/** Quotes a word for a POSIX shell. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The curl command (one option per line) that sends `request` again. */
export function curlCommand(request: TranscriptRequest, options: CurlOptions = {}): string {
  const parts: string[] = [
    `curl -sS -i -X ${shellQuote(request.method.toUpperCase())} ${shellQuote(request.url)}`,
  ];
  if (options.connect !== undefined) {
    const url = tryUrl(request.url);
    if (url !== undefined) {
      const port = url.port === '' ? (url.protocol === 'http:' ? '80' : '443') : url.port;
      parts.push(`--connect-to ${shellQuote(`${url.hostname}:${port}:${options.connect}`)}`);
    }
  }
  if (options.cert !== undefined) parts.push(`--cert ${shellQuote(options.cert)}`);
  if (options.key !== undefined) parts.push(`--key ${shellQuote(options.key)}`);
  if (options.cacert !== undefined) parts.push(`--cacert ${shellQuote(options.cacert)}`);
  for (const [name, value] of Object.entries(request.headers)) {
    if (computedHeaders.has(name.toLowerCase())) continue;
    for (const one of Array.isArray(value) ? value : [value])
      parts.push(`-H ${shellQuote(`${name}: ${one}`)}`);
  }
  if (request.body !== undefined && request.body !== '')
    parts.push(`--data-binary ${shellQuote(request.body)}`);
  return parts.join(' \\\n  ');
}

function tryUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
