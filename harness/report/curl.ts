/**
 * A curl command line reproducing a recorded request.
 *
 * Built from a transcript request that is already redacted: each redacted value becomes a shell
 * variable named after it (`<redacted:access_token#1>` → `"${ACCESS_TOKEN_1}"`), so the command runs
 * once the reader exports it, and never carries a placeholder the shell would send as is. To run a
 * failed case again as it stands, a report offers `stet-harness repro` (`reproCommand` of
 * `repro-command.ts`), which signs every request afresh.
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

/** `<redacted:kind#n>` of a redacted transcript (harness/report/redact.ts). */
const placeholder = /<redacted:([a-z_]+)(?:#(\d+))?>/g;

/** The environment variable standing for a redacted value: `ACCESS_TOKEN_1`. */
export function placeholderVariable(kind: string, n: string | undefined): string {
  return `${kind.toUpperCase()}${n === undefined ? '' : `_${n}`}`;
}

/** {@link shellQuote}, with each redacted value of `word` read from its environment variable. */
export function shellQuoteWithVariables(word: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of word.matchAll(placeholder)) {
    if (match.index > last) parts.push(shellQuote(word.slice(last, match.index)));
    parts.push(`"\${${placeholderVariable(match[1] ?? '', match[2])}}"`);
    last = match.index + match[0].length;
  }
  if (last === 0) return shellQuote(word);
  if (last < word.length) parts.push(shellQuote(word.slice(last)));
  return parts.join('');
}

/** The curl command (one option per line) that sends `request` again. */
export function curlCommand(request: TranscriptRequest, options: CurlOptions = {}): string {
  const parts: string[] = [
    `curl -sS -i -X ${shellQuote(request.method.toUpperCase())} ${shellQuoteWithVariables(request.url)}`,
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
      parts.push(`-H ${shellQuoteWithVariables(`${name}: ${one}`)}`);
  }
  if (request.body !== undefined && request.body !== '')
    parts.push(`--data-binary ${shellQuoteWithVariables(request.body)}`);
  return parts.join(' \\\n  ');
}

function tryUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
