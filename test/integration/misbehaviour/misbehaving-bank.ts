/**
 * A misbehaving bank for the tests of this folder: an HTTPS front on 127.0.0.1 (port 0) with the
 * reference's server certificate, passing every request on to a running reference bank, except those
 * a test answers itself (a redirect to the TPP's host, an account list without `accounts`, a page
 * that is not JSON). The TPP's QWAC is presented to the reference when the harness presented it to
 * the front, so enrolment, signatures and tokens work as against the reference.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, request as httpsRequest, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { X509Certificate } from 'node:crypto';
import type { RunningReference } from '../../../reference-aspsp/index.ts';

/** A request the front may answer itself. */
export interface FrontRequest {
  method: string;
  url: URL;
  /** Whether the harness presented a client certificate (a TPP call, not the PSU's pages). */
  tpp: boolean;
  headers: IncomingMessage['headers'];
}

/** Answers a request itself (true), or leaves it to the reference (false). */
export type Misbehaviour = (request: FrontRequest, response: ServerResponse) => boolean;

/** A running front. */
export interface MisbehavingBank {
  port: number;
  /** The misbehaviours in force, tried in order; the test sets them before a run. */
  misbehaviours: Misbehaviour[];
  close(): Promise<void>;
}

/** Starts a front of `reference` (whose demo TPP's QWAC it forwards). */
export async function startMisbehavingBank(reference: RunningReference): Promise<MisbehavingBank> {
  const pki = reference.app.pki;
  const ca = readFileSync(pki.ca, 'utf8');
  const tpps = [reference.info.tpp, ...Object.values(reference.info.tpps)].map((tpp) => ({
    raw: new X509Certificate(readFileSync(tpp.qwacCert)).raw,
    cert: readFileSync(tpp.qwacCert, 'utf8'),
    key: readFileSync(tpp.qwacKey, 'utf8'),
  }));
  const misbehaviours: Misbehaviour[] = [];
  const server: Server = createServer(
    {
      cert: readFileSync(pki.serverCert, 'utf8'),
      key: readFileSync(pki.serverKey, 'utf8'),
      ca,
      requestCert: true,
      rejectUnauthorized: false,
    },
    (incoming, response) => {
      const peer = (incoming.socket as TLSSocket).getPeerCertificate();
      const presented = 'raw' in peer && peer.raw !== undefined ? peer.raw : undefined;
      const tpp = presented === undefined ? undefined : tpps.find((t) => t.raw.equals(presented));
      const host = incoming.headers.host ?? 'bank.invalid';
      const front: FrontRequest = {
        method: incoming.method ?? 'GET',
        url: new URL(incoming.url ?? '/', `https://${host}`),
        tpp: tpp !== undefined,
        headers: incoming.headers,
      };
      if (misbehaviours.some((answer) => answer(front, response))) {
        incoming.resume();
        return;
      }
      const forward = httpsRequest(
        {
          host: '127.0.0.1',
          port: reference.port,
          servername: host.split(':')[0],
          method: front.method,
          path: incoming.url,
          headers: incoming.headers,
          ca,
          agent: false,
          ...(tpp === undefined ? {} : { cert: tpp.cert, key: tpp.key }),
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forward.on('error', (error) => response.writeHead(502).end(error.message));
      incoming.pipe(forward);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    misbehaviours,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
