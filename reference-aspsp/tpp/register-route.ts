import { randomBytes, X509Certificate } from 'node:crypto';
import { readPsd2Certificate, type Psd2Certificate } from '../../protocol/psd2-certificate.ts';
import { newestApiVersion, schemaValidator, type Role } from '../../spec/lib/index.ts';
import { apiRoleOfPsd2Role, apiRoles } from '../lib/api-roles.ts';
import { newSecret, secretKey } from '../lib/secret.ts';
import { ApiError } from '../server/api-error.ts';
import { checkSignature } from '../server/check-signature.ts';
import type { RouteResponse, TrustedCertificateRoute } from '../server/route.ts';
import type { TrustedCertificateContext } from '../server/request-context.ts';
import type { EnrolledTpp } from './enrolled-tpp.ts';
import { parseRegistrationRequest } from './registration-request.ts';
import { tppRegistry } from './tpp-registry.ts';

/** Registration access tokens (for `/register/{clientId}`, issue 6): key = hash, value `{ clientId }`. */
export const registrationTokensCollection = 'tpp-registration-tokens';

/**
 * `POST /register` (seed: Registration; Authentication 2): enrols the TPP of the QWAC and returns
 * its `client_id`. The body must match the spec's `RegistrationRequest` (STET registration:
 * `token_endpoint_auth_method` tls_client_auth, known grant types, an authorisation-number
 * `provider_legal_id`, https redirect URIs), else `400 FF01`. The QWAC must chain to the trusted CA;
 * `provider_legal_id` must be its organizationIdentifier; the roles asked for must be in the QWAC
 * and the QSEAL (`403 ROLE_MISSING`); the body carries the QSEAL, which must be a qualified
 * (QcCompliance) seal certificate (eseal QcType) of the same organisation, valid now, and verifies the request's Signature and
 * Digest. A certificate already enrolled keeps its client_id (its https redirect URIs and keys are
 * updated; its plain-http loopback callbacks stay).
 * Served at `/register` and at `/stet/psd2/register` (seed: every path starts with /stet/psd2).
 */
export const registerRoute: TrustedCertificateRoute = {
  method: 'POST',
  path: '/register',
  auth: 'trusted-certificate',
  body: 'json',
  handler: register,
};

/** `POST /stet/psd2/register`: the same registration under the seed's path prefix (spec/openapi). */
export const stetRegisterRoute: TrustedCertificateRoute = { ...registerRoute, path: '/stet/psd2/register' };

/**
 * The spec schema of a registration body: the operation is not versioned and every version's document
 * has the same schema, so the newest version's is read.
 */
const registrationSchema = 'RegistrationRequest';

/**
 * True when `der` names `ca` as its issuer and carries a signature `ca`'s key verifies. Called after
 * `readPsd2Certificate` read the same bytes with Node's X509Certificate, so reading them cannot fail.
 */
function issuedBy(der: Uint8Array, ca: X509Certificate): boolean {
  const certificate = new X509Certificate(der);
  return certificate.checkIssued(ca) && certificate.verify(ca.publicKey);
}

async function register(ctx: TrustedCertificateContext): Promise<RouteResponse> {
  const checked = schemaValidator(registrationSchema, newestApiVersion)(ctx.body);
  if (!checked.valid) throw new ApiError('FF01', { detail: checked.errors.join('; ') });
  const request = parseRegistrationRequest(ctx.body);
  if (typeof request === 'string') throw new ApiError('FF01', { detail: request });
  const { choices } = ctx;
  const org = ctx.certificate.organizationIdentifier;
  // providerLegalId is a string: a QWAC without organizationIdentifier never matches it.
  const bodyProblem = choices.of('REG-CHECKS-OF-THE-REFERENCE')({
    clientName: request.clientName,
    providerLegalId: request.providerLegalId,
    organization: org,
  });
  if (bodyProblem !== undefined) throw new ApiError('FF01', { detail: bodyProblem });
  // The client_id must match the QWAC's authorisation number (seed: Authentication 2): it needs one.
  if (org === undefined) throw new ApiError('FF01', { detail: 'the QWAC names no organizationIdentifier' });
  const nearMiss = choices.of('REG-QSEAL-NEAR-MISSES');
  let qseal: Psd2Certificate;
  try {
    qseal = readPsd2Certificate(request.qsealDer);
  } catch {
    throw nearMiss('jwks x5c is not a PSD2 certificate');
  }
  const unread = choices.of('REG-QSEAL-READ-ALIKE')(request.qsealDer);
  if (unread !== undefined) throw nearMiss(unread);
  // A qualified certificate is issued by a trust service the bank recognises (seed: Authentication 1):
  // here, the CA the server trusts for QWACs. Its name alone proves nothing: the signature must verify.
  if (!issuedBy(request.qsealDer, ctx.trustedCa))
    throw new ApiError('FF01', {
      detail: 'jwks x5c is not issued by a certification authority the bank trusts',
    });
  if (qseal.organizationIdentifier !== org) throw nearMiss('the QSEAL is of another organisation');
  // A QSEAL is a qualified certificate (seed: Authentication 1): QcCompliance says so.
  if (!qseal.qualified)
    throw new ApiError('FF01', {
      detail: 'jwks x5c is not a qualified certificate (no QcCompliance statement)',
    });
  if (!qseal.qcTypes.includes('eseal')) throw nearMiss('jwks x5c is not a seal certificate (QcType eseal)');
  const now = ctx.now().getTime();
  if (now < qseal.notBefore.getTime() || now > qseal.notAfter.getTime())
    throw nearMiss('the QSEAL is not valid now');
  const certificateRoles = ctx.certificate.roles;
  const asked = request.scope === undefined ? certificateRoles : rolesOf(request.scope);
  if (asked === undefined) throw new ApiError('FF01', { detail: 'scope names an unknown role' });
  if (asked.length === 0 || !asked.every((role) => certificateRoles.includes(role)))
    throw new ApiError('ROLE_MISSING');
  // Stryker disable next-line ArrayDeclaration: equivalent: a junk entry is no role a scope can name
  const qsealRoles = qseal.roles.flatMap((role) => apiRoleOfPsd2Role[role] ?? []);
  if (!asked.some((role) => qsealRoles.includes(role)))
    throw new ApiError('ROLE_MISSING', { detail: 'the QSEAL grants none of the roles asked for' });
  const enrolment = choices.of('REG-ENROLMENT-UPDATED-BY-REGISTRATION')(ctx.tpp, {
    name: request.clientName,
    redirectUris: request.redirectUris,
  });
  const tpp: EnrolledTpp = {
    clientId: ctx.tpp?.clientId ?? `reg-${randomBytes(8).toString('hex')}`,
    organizationIdentifier: org,
    name: enrolment.name,
    roles: asked.filter((role) => qsealRoles.includes(role)),
    qwacFingerprint: ctx.certificate.fingerprint,
    qwacPublicKeyPem: ctx.certificate.publicKeyPem,
    qsealFingerprint: qseal.fingerprintSha256,
    qsealPublicKeyPem: qseal.publicKeyPem,
    redirectUris: [...enrolment.redirectUris],
  };
  const refusal = checkSignature({
    method: ctx.method,
    target: ctx.path,
    headers: ctx.headers,
    body: ctx.rawBody,
    institution: ctx.institution,
    // Before registration the TPP knows no client_id: its keyId names its organizationIdentifier.
    tpp: { ...tpp, clientId: org },
    choices,
  });
  if (refusal !== undefined) throw refusal;
  const registrationToken = newSecret();
  await ctx.store.transaction(async (tx) => {
    await tppRegistry.enrol(tx, tpp);
    await tx.put(registrationTokensCollection, secretKey(registrationToken), { clientId: tpp.clientId });
  });
  // Stryker disable next-line StringLiteral,CallExpression: unobservable: a log line
  ctx.log(`registered ${tpp.clientId} (${org}) for ${tpp.roles.join(', ')}`);
  return {
    // TRN-STATUS-DOCUMENTED: the status of a registration, 201 Created in the reference's documents.
    status: choices.of('TRN-STATUS-DOCUMENTED'),
    json: choices.of('REG-ANSWER-OF-THE-REFERENCE')({
      tpp,
      issuedAt: Math.floor(ctx.now().getTime() / 1000),
      registrationClientUri: `https://${ctx.headers.host ?? ''}/register/${encodeURIComponent(tpp.clientId)}`,
      registrationAccessToken: registrationToken,
      redirectUris: request.redirectUris,
      clientName: request.clientName,
      providerLegalId: request.providerLegalId,
    }),
  };
}

function rolesOf(scope: string): Role[] | undefined {
  const roles: Role[] = [];
  for (const token of scope.split(' ').filter((t) => t !== '')) {
    const role = apiRoles.find((r) => r === token);
    if (role === undefined) return undefined;
    if (!roles.includes(role)) roles.push(role);
  }
  return roles;
}
