import type { TLSSocket } from 'node:tls';
import type { Role } from '../../spec/lib/index.ts';
import type { StoreTx } from '../store/index.ts';
import { readClientCertificate, type ClientCertificate } from '../tpp/client-certificate.ts';
import type { EnrolledTpp } from '../tpp/enrolled-tpp.ts';
import { tppRegistry } from '../tpp/tpp-registry.ts';
import { ApiError } from './api-error.ts';

/** The TPP behind a connection, once its certificate, enrolment and role were checked. */
export interface IdentifiedTpp {
  readonly certificate: ClientCertificate;
  readonly tpp: EnrolledTpp;
}

/**
 * The trusted client certificate of a TLS connection, or the refusal: `CERT_MISSING` without one,
 * `CERT_UNTRUSTED` when it does not chain to the CA the server trusts (the server asks for a
 * certificate but does not reject the handshake, so these refusals reach the client as HTTP answers).
 */
export function trustedCertificate(socket: TLSSocket): ClientCertificate | ApiError {
  const known = bySocket.get(socket) ?? readTrustedCertificate(socket);
  // Stryker disable next-line CallExpression: equivalent: the certificate of an open TLS connection cannot change, so reading it again gives the same answer
  bySocket.set(socket, known);
  return known;
}

/**
 * What each connection's certificate was found to be. The peer certificate cannot change on an open
 * TLS connection (the server allows no renegotiation), and keep-alive clients send many requests on
 * one, so it is read and hashed once per connection rather than once per request.
 */
const bySocket = new WeakMap<TLSSocket, ClientCertificate | ApiError>();

function readTrustedCertificate(socket: TLSSocket): ClientCertificate | ApiError {
  const peer = socket.getPeerX509Certificate();
  if (peer === undefined) return new ApiError('CERT_MISSING');
  if (!socket.authorized) {
    return new ApiError('CERT_UNTRUSTED', { detail: String(socket.authorizationError) });
  }
  return readClientCertificate(peer);
}

/**
 * Identifies the enrolled TPP of a connection (seed: Authentication 1–2; contracts §4):
 * `BE05` (seed: "the AISP is unknown") for a trusted certificate no enrolment is bound to, `ROLE_MISSING` when the
 * route needs a role the QWAC QCStatement or the enrolment lacks.
 */
export async function identifyTpp(
  socket: TLSSocket,
  tx: StoreTx,
  role: Role | undefined,
): Promise<IdentifiedTpp | ApiError> {
  const certificate = trustedCertificate(socket);
  if (certificate instanceof ApiError) return certificate;
  const tpp = await tppRegistry.byQwacFingerprint(tx, certificate.fingerprint);
  if (tpp === undefined) return new ApiError('BE05', { detail: 'no enrolled TPP has this QWAC' });
  if (role !== undefined && (!certificate.roles.includes(role) || !tpp.roles.includes(role))) {
    return new ApiError('ROLE_MISSING', { detail: `needs role ${role}` });
  }
  return { certificate, tpp };
}
