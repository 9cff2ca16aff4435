import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { HarEntry, HarNameValue } from './har.ts';

/** One exchange as seen on the wire, before it becomes a HAR entry. */
export interface Exchange {
  startedAt: Date;
  method: string;
  /** Absolute URL with the institution host. */
  url: string;
  requestHeaders: ReadonlyArray<readonly [string, string]>;
  requestBody: Buffer;
  status: number;
  statusText: string;
  responseHeaders: ReadonlyArray<readonly [string, string]>;
  /** The body bytes as received (still content-encoded). */
  responseBody: Buffer;
  /** Milliseconds from the start to the response headers, and from them to the end of the body. */
  waitMs: number;
  receiveMs: number;
  serverIPAddress?: string;
}

const textTypes =
  /^(text\/|application\/(json|[\w.+-]*\+json|x-www-form-urlencoded|xml|javascript|problem\+json|jwt))/i;

function find(headers: ReadonlyArray<readonly [string, string]>, name: string): string | undefined {
  return headers.find(([n]) => n.toLowerCase() === name)?.[1];
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

function isUtf8(bytes: Buffer): boolean {
  return Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
}

function pairs(headers: ReadonlyArray<readonly [string, string]>): HarNameValue[] {
  return headers.map(([name, value]) => ({ name, value }));
}

/**
 * The HAR 1.2 entry of one exchange: the request with its query and body, the response with its body
 * decoded from its content-encoding and kept as text when it is text, base64
 * otherwise, and the timings measured by the recorder.
 */
export function harEntry(exchange: Exchange): HarEntry {
  const url = new URL(exchange.url);
  const requestType = find(exchange.requestHeaders, 'content-type') ?? '';
  const responseType = find(exchange.responseHeaders, 'content-type') ?? '';
  const body = decoded(exchange.responseBody, find(exchange.responseHeaders, 'content-encoding'));
  const asText = textTypes.test(responseType) || (responseType === '' && isUtf8(body));
  const location = find(exchange.responseHeaders, 'location') ?? '';
  const headerBytes = (h: ReadonlyArray<readonly [string, string]>): number =>
    h.reduce((sum, [n, v]) => sum + n.length + v.length + 4, 2);
  return {
    startedDateTime: exchange.startedAt.toISOString(),
    time: exchange.waitMs + exchange.receiveMs,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(exchange.requestHeaders),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(exchange.requestBody.length === 0 && !['POST', 'PUT', 'PATCH'].includes(exchange.method)
        ? {}
        : {
            postData: {
              mimeType: requestType,
              text: exchange.requestBody.toString('utf8'),
              ...(requestType.toLowerCase().startsWith('application/x-www-form-urlencoded')
                ? {
                    params: [...new URLSearchParams(exchange.requestBody.toString('utf8'))].map(
                      ([name, value]) => ({
                        name,
                        value,
                      }),
                    ),
                  }
                : {}),
            },
          }),
      headersSize: headerBytes(exchange.requestHeaders),
      bodySize: exchange.requestBody.length,
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(exchange.responseHeaders),
      content: {
        size: body.length,
        mimeType: responseType,
        ...(body.length === 0
          ? {}
          : asText
            ? { text: body.toString('utf8') }
            : { text: body.toString('base64'), encoding: 'base64' }),
      },
      redirectURL: location,
      headersSize: headerBytes(exchange.responseHeaders),
      bodySize: exchange.responseBody.length,
    },
    cache: {},
    timings: {
      blocked: -1,
      dns: -1,
      connect: -1,
      ssl: -1,
      send: 0,
      wait: exchange.waitMs,
      receive: exchange.receiveMs,
    },
    ...(exchange.serverIPAddress === undefined ? {} : { serverIPAddress: exchange.serverIPAddress }),
  };
}
