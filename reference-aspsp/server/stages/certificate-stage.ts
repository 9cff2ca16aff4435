import type { TLSSocket } from 'node:tls';
import type { Role } from '../../../spec/lib/index.ts';
import type { FaultSet } from '../../faults/catalogue.ts';
import type { StoreTx } from '../../store/index.ts';
import type { ClientCertificate } from '../../tpp/client-certificate.ts';
import type { EnrolledTpp } from '../../tpp/enrolled-tpp.ts';
import { ApiError } from '../api-error.ts';
import { identifyTpp, trustedCertificate, type IdentifiedTpp } from '../identify-tpp.ts';

/** A trusted certificate whose TPP may not be enrolled yet (`POST /register`). */
export interface TrustedOutcome {
  readonly certificate: ClientCertificate;
  readonly tpp: EnrolledTpp | undefined;
}

/**
 * Stage 4, certificate, for `auth: 'trusted-certificate'` routes: a client certificate
 * (`401 CERT_MISSING`) chaining to the CA the server trusts (`401 CERT_UNTRUSTED`); the enrolled TPP
 * when there is one.
 */
export async function trustedCertificateStage(
  socket: TLSSocket | undefined,
  tx: StoreTx,
): Promise<TrustedOutcome> {
  // Stryker disable next-line StringLiteral,CallExpression: unobservable: the server listens over TLS only, so every request has a TLS socket
  if (socket === undefined) throw new ApiError('CERT_MISSING');
  const certificate = trustedCertificate(socket);
  if (certificate instanceof ApiError) throw certificate;
  const identified = await identifyTpp(socket, tx, undefined);
  return { certificate, tpp: identified instanceof ApiError ? undefined : identified.tpp };
}

/**
 * Stage 4, certificate, for `client-certificate` and `bearer` routes: a trusted certificate, an
 * enrolled TPP (`403 BE05`) and, when the route has a role, that role in both the QWAC and the
 * enrolment (`403 ROLE_MISSING`) — not checked under the fault `qwac-role-not-checked`.
 */
export async function enrolledTppStage(
  socket: TLSSocket | undefined,
  options: { readonly tx: StoreTx; readonly role: Role | undefined; readonly faults: FaultSet },
): Promise<IdentifiedTpp> {
  // Stryker disable next-line StringLiteral,CallExpression: unobservable: the server listens over TLS only, so every request has a TLS socket
  if (socket === undefined) throw new ApiError('CERT_MISSING');
  // A bank checking the enrolment but not the PSD2 role in the QWAC QCStatement.
  const role = options.faults.has('qwac-role-not-checked') ? undefined : options.role;
  const identified = await identifyTpp(socket, options.tx, role);
  if (identified instanceof ApiError) throw identified;
  return identified;
}
