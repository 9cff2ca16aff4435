import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { isIP, type AddressInfo } from 'node:net';
import { createSecureContext, type SecureContext, type TLSSocket } from 'node:tls';
import { issueTlsCertificate, type KeyPairPem } from '../../pki/index.ts';
import { TrafficError } from '../traffic-error.ts';

/** Options of {@link listenHttps}. */
export interface HttpsListenerOptions {
  /** CA that signs the server certificates; clients trust its `cert`. */
  ca: KeyPairPem;
  /** Address to bind (`127.0.0.1` for the tools' default). */
  host: string;
  /** Port; 0 picks a free one. */
  port: number;
  /** Host names known in advance (one certificate covers them); any other SNI gets its own certificate. */
  names: readonly string[];
  /** Require a client certificate issued by this CA (PEM): mutual TLS like an institution host. */
  clientCa?: string | undefined;
  handler: (request: IncomingMessage, response: ServerResponse) => void;
}

/** A listening HTTPS server. */
export interface HttpsListener {
  readonly server: Server;
  /** `https://<host>:<port>` as bound. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * An HTTPS server bound to one address, with a certificate for each institution host a client names
 * in SNI (signed by `ca`), the way an institution host presents itself. `ERR_TRAFFIC_LISTEN` when the
 * address cannot be bound (port in use, unknown address).
 */
export async function listenHttps(options: HttpsListenerOptions): Promise<HttpsListener> {
  const known = new Set([...options.names.map((n) => n.toLowerCase()), 'localhost', '127.0.0.1']);
  const leaf = await issueTlsCertificate({
    ca: options.ca,
    commonName: 'stet-harness traffic',
    hosts: [...known],
  });
  const chain = `${leaf.cert}${options.ca.cert}`;
  // One certificate per unknown SNI name, issued once (in flight or done) and reused.
  const contexts = new Map<string, Promise<SecureContext>>();
  const server = createServer(
    {
      key: leaf.key,
      cert: chain,
      ...(options.clientCa === undefined
        ? {}
        : { ca: options.clientCa, requestCert: true, rejectUnauthorized: true }),
      SNICallback: (servername, done) => {
        const name = servername.toLowerCase();
        if (known.has(name)) {
          done(null, undefined);
          return;
        }
        let context = contexts.get(name);
        if (context === undefined) {
          context = issueTlsCertificate({ ca: options.ca, commonName: name, hosts: [name] }).then((own) =>
            createSecureContext({ key: own.key, cert: `${own.cert}${options.ca.cert}` }),
          );
          contexts.set(name, context);
        }
        context.then(
          (ready) => done(null, ready),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
      },
    },
    options.handler,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new TrafficError(
          'ERR_TRAFFIC_LISTEN',
          `cannot listen on ${options.host}:${options.port}: ${error.message}`,
          {
            cause: error,
            hint: 'choose another --port (0 picks a free one) or another --host',
          },
        ),
      ),
    );
    server.listen(options.port, options.host, resolve);
  });
  const address: AddressInfo | string | null = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const shown = isIP(options.host) === 6 ? `[${options.host}]` : options.host;
  return {
    server,
    url: `https://${shown}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The host a request is for: its `Host` header (port kept), or the TLS SNI name when `Host` is missing
 * or names only the address dialled (an IP or localhost), as when a client dials the tool directly.
 */
export function requestedHost(request: IncomingMessage): string {
  const header = request.headers.host;
  const sni = (request.socket as Partial<TLSSocket>).servername;
  const hostname = header?.replace(/:\d+$/, '').replace(/^\[|\]$/g, '') ?? '';
  const onlyAddress = hostname === '' || hostname === 'localhost' || isIP(hostname) !== 0;
  if (onlyAddress && typeof sni === 'string' && sni !== '') return sni;
  return header ?? '127.0.0.1';
}

/** A request body, read whole. */
export function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
