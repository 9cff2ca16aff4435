import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { getLocal, type CompletedRequest, type Mockttp } from 'mockttp';
import type { Har } from '../har/har.ts';
import type { KeyPairPem } from '../tls/issue-certificate.ts';
import { issueCertificate } from '../tls/issue-certificate.ts';
import { ReplayBook, type ReplayAnswer, type ReplayOptions } from './replay-book.ts';
import type { IncomingRequest } from './request-pattern.ts';

/** Options of {@link startReplayServer}. */
export interface ReplayServerOptions extends ReplayOptions {
  har: Har;
  /** CA that signs the server certificates (PEM); clients must trust its `cert`. */
  ca: KeyPairPem;
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Require a client certificate issued by this CA (PEM), like an institution host's mutual TLS. */
  mtlsClientCa?: string;
}

/** A running replay server. */
export interface ReplayServer {
  /** `https://127.0.0.1:<port>`: dial this, sending the institution host as SNI and `Host`. */
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
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function groupHeaders(headers: ReadonlyArray<readonly [string, string]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of headers) {
    const known = out[name];
    out[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return out;
}

/** The institution hosts of a recording, for the certificate of the mutual-TLS server. */
function hostsOf(har: Har): string[] {
  return [...new Set(har.log.entries.map((e) => new URL(e.request.url).hostname))];
}

async function startMockttp(book: ReplayBook, options: ReplayServerOptions): Promise<ReplayServer> {
  const server: Mockttp = getLocal({
    https: { key: options.ca.key, cert: options.ca.cert },
    http2: false,
    recordTraffic: false,
    cors: false,
  });
  await server.start(options.port ?? 0);
  await server.forAnyRequest().thenCallback(async (req: CompletedRequest) => {
    const answer = book.answer({
      method: req.method,
      url: req.url,
      headers: headerRecord(req.headers),
      body: req.body.buffer.toString('utf8'),
    });
    return { statusCode: answer.status, headers: groupHeaders(answer.headers), body: answer.body };
  });
  return { url: `https://127.0.0.1:${server.port}`, port: server.port, book, stop: () => server.stop() };
}

async function startMutualTls(
  book: ReplayBook,
  options: ReplayServerOptions,
  clientCa: string,
): Promise<ReplayServer> {
  // mockttp cannot ask for client certificates, so the mutual-TLS replay is a plain node:https server
  // answering from the same book.
  const leaf = issueCertificate({
    ca: options.ca,
    commonName: 'stet-harness replay',
    hosts: [...hostsOf(options.har), 'localhost', '127.0.0.1'],
  });
  const server: Server = createServer(
    { ...leaf, ca: clientCa, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const incoming: IncomingRequest = {
          method: req.method ?? 'GET',
          url: `https://${req.headers.host ?? '127.0.0.1'}${req.url ?? '/'}`,
          headers: headerRecord(req.headers),
          body: Buffer.concat(chunks).toString('utf8'),
        };
        const answer: ReplayAnswer = book.answer(incoming);
        res.writeHead(answer.status, groupHeaders(answer.headers));
        res.end(answer.body);
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const address: AddressInfo | string | null = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  return {
    url: `https://127.0.0.1:${port}`,
    port,
    book,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Serves a recording as a mock institution host over HTTPS (mockttp, a certificate per requested
 * host signed by `ca`), or over mutual TLS when `mtlsClientCa` is given. Never hangs on a request it
 * cannot match: it answers `501 REPLAY_NO_MATCH` naming the closest recorded requests.
 */
export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  const book = new ReplayBook(options.har, options);
  return options.mtlsClientCa === undefined
    ? startMockttp(book, options)
    : startMutualTls(book, options, options.mtlsClientCa);
}
