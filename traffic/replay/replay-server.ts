import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Har } from '../har/har.ts';
import { listenHttps, readBody, requestedHost } from '../net/https-listener.ts';
import { defaultListenHost } from '../net/listen-address.ts';
import type { KeyPairPem } from '../../pki/index.ts';
import { ReplayBook, type ReplayOptions } from './replay-book.ts';

/** Options of {@link startReplayServer}. */
export interface ReplayServerOptions extends ReplayOptions {
  har: Har;
  /** CA that signs the server certificates (PEM); clients must trust its `cert`. */
  ca: KeyPairPem;
  /** Address to bind; 127.0.0.1 (the default) keeps the recording on this machine. */
  host?: string;
  /** Port; 0 (the default) picks a free one. */
  port?: number;
  /** Require a client certificate issued by this CA (PEM), like an institution host's mutual TLS. */
  mtlsClientCa?: string;
}

/** A running replay server. */
export interface ReplayServer {
  /** `https://<host>:<port>`: dial this, sending the institution host as SNI and `Host`. */
  readonly url: string;
  readonly port: number;
  readonly book: ReplayBook;
  stop(): Promise<void>;
}

function headerRecord(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers))
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

/** The institution hosts of a recording (without port), for the server certificate. */
function hostsOf(har: Har): string[] {
  return [...new Set(har.log.entries.map((e) => new URL(e.request.url).hostname))];
}

/**
 * Serves a recording as a mock institution host over HTTPS (a certificate per requested host signed
 * by `ca`), with mutual TLS when `mtlsClientCa` is given, on 127.0.0.1 unless `host` says otherwise.
 * The institution host is the `Host` header, or the TLS SNI name when `Host` names only the address
 * dialled; its port never matters. Never hangs on a request it cannot match: it answers
 * `501 REPLAY_NO_MATCH` naming the closest recorded requests and how each differs.
 */
export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  const book = new ReplayBook(options.har, options);
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = req.method === 'GET' || req.method === 'HEAD' ? Buffer.alloc(0) : await readBody(req);
    const answer = book.answer({
      method: req.method ?? 'GET',
      url: `https://${requestedHost(req)}${req.url ?? '/'}`,
      headers: headerRecord(req.headers),
      body: body.toString('utf8'),
    });
    res.writeHead(answer.status, answer.headers.flat());
    res.end(answer.body);
  };
  const listener = await listenHttps({
    ca: options.ca,
    host: options.host ?? defaultListenHost,
    port: options.port ?? 0,
    names: hostsOf(options.har),
    clientCa: options.mtlsClientCa,
    handler: (req, res) => {
      serve(req, res).catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`replay failed: ${String(error)}`);
      });
    },
  });
  return { url: listener.url, port: listener.port, book, stop: () => listener.close() };
}
