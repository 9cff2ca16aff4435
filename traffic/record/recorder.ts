import { getLocal, type CompletedRequest, type Mockttp } from 'mockttp';
import type { HarEntry } from '../har/har.ts';
import { harEntry } from '../har/har-entry-builder.ts';
import { isForwardedHeader, Upstream, type UpstreamConfig } from './upstream.ts';

/** Options of {@link startRecorder}. */
export interface RecorderOptions {
  upstream: UpstreamConfig;
  /** CA that signs the proxy's per-host certificates (PEM); clients must trust `cert`. */
  ca: { key: string; cert: string };
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Called for an exchange that could not be forwarded (it is answered 502 and not recorded). */
  onError?: (message: string) => void;
}

/** A running recording proxy. */
export interface Recorder {
  /** `https://127.0.0.1:<port>`: dial this, sending the institution host as SNI and `Host`. */
  readonly url: string;
  readonly port: number;
  /** The exchanges recorded so far, in the order they were answered (raw, not redacted). */
  entries(): readonly HarEntry[];
  /** Stops accepting requests, closes the upstream connections and returns every exchange. */
  stop(): Promise<HarEntry[]>;
}

/** A JSON error answer of the proxy itself (STET ErrorModel shape, the code in `message`). */
function errorReply(
  status: number,
  code: string,
  message: string,
): { statusCode: number; headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    timestamp: new Date().toISOString(),
    status,
    error: status === 421 ? 'Misdirected Request' : 'Bad Gateway',
    message: code,
    detail: message,
  });
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
    body,
  };
}

/**
 * Starts a recording proxy: an HTTPS server on 127.0.0.1 (mockttp, with a certificate for each
 * institution host signed by `ca`) that forwards every request to the institution host named in its
 * `Host` over mutual TLS with the TPP's QWAC, and records each exchange as a HAR entry.
 *
 * The client talks to the proxy exactly as the harness talks to a local reference (contracts §3):
 * it dials the proxy and sends the institution host as SNI and `Host`. The same port also works as an
 * HTTP proxy (CONNECT), which mockttp supports out of the box.
 */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const upstream = new Upstream(options.upstream);
  const recorded: HarEntry[] = [];
  const server: Mockttp = getLocal({
    https: { key: options.ca.key, cert: options.ca.cert },
    http2: false,
    recordTraffic: false,
    cors: false,
  });
  await server.start(options.port ?? 0);
  await server.forAnyRequest().thenCallback(async (req: CompletedRequest) => {
    const url = new URL(req.url);
    if (!upstream.accepts(url.hostname)) {
      options.onError?.(`refused ${req.method} ${req.url}: not an institution host of the target`);
      return errorReply(
        421,
        'RECORD_HOST_REFUSED',
        `${url.hostname} is not an institution host of the target`,
      );
    }
    const startedAt = new Date();
    const requestHeaders = req.rawHeaders.filter(([name]) => isForwardedHeader(name));
    const body = req.body.buffer;
    try {
      const answer = await upstream.send({ method: req.method, url, headers: requestHeaders, body });
      recorded.push(
        harEntry({
          startedAt,
          method: req.method,
          url: url.toString(),
          requestHeaders,
          requestBody: body,
          status: answer.status,
          statusText: '',
          responseHeaders: answer.headers,
          responseBody: answer.body,
          waitMs: answer.waitMs,
          receiveMs: answer.receiveMs,
          serverIPAddress: answer.dialled.slice(0, answer.dialled.lastIndexOf(':')),
        }),
      );
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of answer.headers) {
        if (!isForwardedHeader(name)) continue;
        const known = headers[name];
        headers[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
      }
      // mockttp sends headers as given: without a length the body would end with the connection.
      headers['content-length'] = String(answer.body.length);
      return { statusCode: answer.status, headers, body: answer.body };
    } catch (error) {
      const message =
        error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
          : String(error);
      options.onError?.(`${req.method} ${req.url}: upstream failed: ${message}`);
      return errorReply(502, 'RECORD_UPSTREAM_FAILED', message);
    }
  });
  return {
    url: `https://127.0.0.1:${server.port}`,
    port: server.port,
    entries: () => recorded,
    stop: async () => {
      await server.stop();
      await upstream.close();
      return [...recorded].sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
    },
  };
}
