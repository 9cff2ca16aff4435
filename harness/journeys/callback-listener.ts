/**
 * A local listener on the TPP's `redirect_uri` that captures the callback query (`code`, `state`, or
 * `error`) when a real browser or a person goes through the journey. HTTPS when the redirect URI is
 * https (with the target's `callback` key pair, or a throw-away self-signed one).
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { CodedError } from '../../lib/coded-error.ts';
import { issueTlsCertificate } from '../../pki/index.ts';

/** A running listener. */
export interface CallbackListener {
  /** The port actually bound (the redirect URI's, or a random one when it says 0). */
  port: number;
  /** The query of the next callback; rejects with `ERR_CALLBACK_TIMEOUT` after `timeoutMs`. */
  next(timeoutMs: number): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** Starts listening on 127.0.0.1 at the port of `redirectUri`; only its path is answered. */
export async function startCallbackListener(
  redirectUri: string,
  tls?: { cert: string; key: string },
): Promise<CallbackListener> {
  const uri = new URL(redirectUri);
  const waiting: Array<(query: Record<string, string>) => void> = [];
  const received: Array<Record<string, string>> = [];
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', redirectUri);
    if (url.pathname !== uri.pathname) {
      res.writeHead(404).end();
      return;
    }
    const query = Object.fromEntries(url.searchParams);
    res
      .writeHead(200, { 'content-type': 'text/plain; charset=utf-8' })
      .end('stet-harness received the callback; you can close this tab.\n');
    const resolve = waiting.shift();
    if (resolve === undefined) received.push(query);
    else resolve(query);
  };
  const server: Server =
    uri.protocol === 'https:'
      ? createHttpsServer(
          tls ??
            (await issueTlsCertificate({ commonName: uri.hostname, hosts: [uri.hostname], validDays: 1 })),
          handler,
        )
      : createHttpServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(uri.port || (uri.protocol === 'https:' ? 443 : 80)), '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    next(timeoutMs) {
      const ready = received.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          reject(
            new CodedError('ERR_CALLBACK_TIMEOUT', `no callback on ${redirectUri} within ${timeoutMs} ms`),
          );
        }, timeoutMs);
        const done = (query: Record<string, string>): void => {
          clearTimeout(timer);
          resolve(query);
        };
        waiting.push(done);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
