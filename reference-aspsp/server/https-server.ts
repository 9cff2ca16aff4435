import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** TLS material of the reference server, PEM. */
export interface ServerTls {
  readonly cert: string;
  readonly key: string;
  /** CA(s) client certificates must chain to. */
  readonly ca: string;
}

/** How long a client may take to send its request (ms). */
export interface RequestTimeouts {
  /** Until the end of the request headers. */
  readonly headersMs: number;
  /** Until the end of the whole request, body included. */
  readonly requestMs: number;
}

/** The timeouts of {@link listenHttps} unless told otherwise. */
export const defaultRequestTimeouts: RequestTimeouts = { headersMs: 20_000, requestMs: 30_000 };

/** A listening server and how to stop it. */
export interface ListeningServer {
  readonly server: Server;
  readonly port: number;
  /** Stops accepting, ends idle keep-alive connections and waits for in-flight requests. */
  close(): Promise<void>;
}

/**
 * Starts the HTTPS server with mutual TLS.
 *
 * The server asks for a client certificate but accepts the handshake without one or with an
 * untrusted one (`rejectUnauthorized: false`), so that those cases get distinct HTTP refusals
 * (CERT_MISSING, CERT_UNTRUSTED) instead of a TLS alert the TPP cannot read.
 */
export async function listenHttps(options: {
  tls: ServerTls;
  host: string;
  port: number;
  handler: (request: IncomingMessage, response: ServerResponse) => void;
  timeouts?: RequestTimeouts;
}): Promise<ListeningServer> {
  const timeouts = options.timeouts ?? defaultRequestTimeouts;
  const server = createServer(
    {
      cert: options.tls.cert,
      key: options.tls.key,
      ca: options.tls.ca,
      requestCert: true,
      rejectUnauthorized: false,
      // Stryker disable next-line BooleanLiteral: unobservable in a response: TCP keep-alive probes of idle connections
      keepAlive: true,
      // Node checks the two timeouts below on this interval (30 s by default, which would let a stalled
      // client stay up to that much longer than the timeout).
      // Stryker disable next-line ArithmeticOperator,MethodExpression: unobservable in a response: how often Node checks the timeouts (test/reliability measures them)
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, timeouts.headersMs / 4)),
    },
    options.handler,
  );
  server.keepAliveTimeout = 30_000;
  // A client that stalls sending its headers or body must not hold a socket forever.
  server.headersTimeout = timeouts.headersMs;
  server.requestTimeout = timeouts.requestMs;
  await new Promise<void>((resolve, reject) => {
    // Stryker disable next-line StringLiteral: unobservable in a response: only a failed listen (a port in use) reaches it
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      // Stryker disable next-line StringLiteral: unobservable in a response: only a failed listen (a port in use) reaches it
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  return {
    server,
    port,
    // Stryker disable next-line ArrowFunction: unobservable in a response: closing the server when a run ends
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
