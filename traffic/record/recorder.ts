import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HarEntry } from '../har/har.ts';
import { harEntry } from '../har/har-entry-builder.ts';
import { listenHttps, readBody, requestedHost } from '../net/https-listener.ts';
import { defaultListenHost } from '../net/listen-address.ts';
import { isForwardedHeader, Upstream, type UpstreamConfig } from './upstream.ts';

/** Options of {@link startRecorder}. */
export interface RecorderOptions {
  upstream: UpstreamConfig;
  /** CA that signs the proxy's per-host certificates (PEM); clients must trust `cert`. */
  ca: { key: string; cert: string };
  /** Address to bind; 127.0.0.1 (the default): the proxy forwards with the TPP's QWAC, keep it local. */
  host?: string;
  /** Port; 0 (the default) picks a free one. */
  port?: number;
  /** Called for an exchange that could not be forwarded (it is answered 502 and not recorded). */
  onError?: (message: string) => void;
}

/** A running recording proxy. */
export interface Recorder {
  /** `https://<host>:<port>`: dial this, sending the institution host as SNI and `Host`. */
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
): { statusCode: number; headers: Record<string, string>; body: Buffer } {
  const body = Buffer.from(
    JSON.stringify({
      timestamp: new Date().toISOString(),
      status,
      error: status === 421 ? 'Misdirected Request' : 'Bad Gateway',
      message: code,
      detail: message,
    }),
  );
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    body,
  };
}

function pairs(raw: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i] ?? '', raw[i + 1] ?? '']);
  return out;
}

/**
 * Starts a recording proxy: an HTTPS server on 127.0.0.1 (unless `host` says otherwise; a certificate
 * for each institution host signed by `ca`) that forwards every request to the institution host named
 * in its `Host` (or its TLS SNI when `Host` names only the address dialled) over mutual TLS with the
 * TPP's QWAC, and records each exchange as a HAR entry.
 *
 * The client talks to the proxy exactly as the harness talks to a local reference (contracts §3):
 * it dials the proxy and sends the institution host as SNI and `Host`.
 */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const upstream = new Upstream(options.upstream);
  const recorded: HarEntry[] = [];
  const forward = async (
    req: IncomingMessage,
  ): Promise<{ statusCode: number; headers: Record<string, string | string[]>; body: Buffer }> => {
    const method = req.method ?? 'GET';
    const url = new URL(`https://${requestedHost(req)}${req.url ?? '/'}`);
    const body = await readBody(req);
    if (!upstream.accepts(url.hostname)) {
      options.onError?.(`refused ${method} ${url.href}: not an institution host of the target`);
      return errorReply(
        421,
        'RECORD_HOST_REFUSED',
        `${url.hostname} is not an institution host of the target`,
      );
    }
    const startedAt = new Date();
    const requestHeaders = pairs(req.rawHeaders).filter(([name]) => isForwardedHeader(name));
    try {
      const answer = await upstream.send({ method, url, headers: requestHeaders, body });
      recorded.push(
        harEntry({
          startedAt,
          method,
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
      headers['content-length'] = String(answer.body.length);
      return { statusCode: answer.status, headers, body: answer.body };
    } catch (error) {
      const message =
        error instanceof Error
          ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}`
          : String(error);
      options.onError?.(`${method} ${url.href}: upstream failed: ${message}`);
      return errorReply(502, 'RECORD_UPSTREAM_FAILED', message);
    }
  };
  const listener = await listenHttps({
    ca: options.ca,
    host: options.host ?? defaultListenHost,
    port: options.port ?? 0,
    names: [],
    handler: (req: IncomingMessage, res: ServerResponse) => {
      forward(req).then(
        (reply) => {
          res.writeHead(reply.statusCode, reply.headers);
          res.end(reply.body);
        },
        // The client went away while sending its body: nothing to forward, nothing to record.
        () => res.destroy(),
      );
    },
  });
  return {
    url: listener.url,
    port: listener.port,
    entries: () => recorded,
    stop: async () => {
      await listener.close();
      await upstream.close();
      return [...recorded].sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime));
    },
  };
}
