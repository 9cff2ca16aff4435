import { X509Certificate } from 'node:crypto';
import { ApiError } from '../server/api-error.ts';
import type { EnrolledTpp } from '../tpp/enrolled-tpp.ts';
import { choice } from './choice.ts';

/** What a registration asks of the enrolment, and what the bank answered with. */
export interface RegistrationFacts {
  readonly tpp: EnrolledTpp;
  readonly issuedAt: number;
  readonly registrationClientUri: string;
  readonly registrationAccessToken: string;
  readonly redirectUris: readonly string[];
  readonly clientName: string;
  readonly providerLegalId: string;
}

/** The checks of a registration body the seed does not show (REG-CHECKS-OF-THE-REFERENCE): the problem, or undefined. */
export type RegistrationBodyCheck = (body: {
  readonly clientName: string;
  readonly providerLegalId: string;
  /** The organizationIdentifier of the QWAC. */
  readonly organization: string | undefined;
}) => string | undefined;

/** The refusal of a QSEAL that is not a PSD2 seal of the QWAC's organisation, from the reason (REG-QSEAL-NEAR-MISSES). */
export type QsealRefusal = (reason: string) => ApiError;

/** Why a QSEAL's spelling is not read, or undefined when it is (REG-QSEAL-READ-ALIKE). */
export type QsealSpelling = (der: Uint8Array) => string | undefined;

/** The name and redirect URIs a registration leaves enrolled (REG-ENROLMENT-UPDATED-BY-REGISTRATION). */
export type EnrolmentUpdate = (
  enrolled: EnrolledTpp | undefined,
  asked: { readonly name: string; readonly redirectUris: readonly string[] },
) => { readonly name: string; readonly redirectUris: readonly string[] };

/** The subject of a certificate naming organizationIdentifier more than once (Node lists repeated attributes as an array). */
function organisationNamedTwice(der: Uint8Array): string | undefined {
  const subject: Record<string, unknown> = new X509Certificate(der).toLegacyObject().subject;
  return Array.isArray(subject['2.5.4.97']) || Array.isArray(subject['organizationIdentifier'])
    ? 'the QSEAL names its organizationIdentifier twice'
    : undefined;
}

/** The choices of the REG family: the registration's bodies and the QSEAL it carries. */
export const regChoices = {
  'REG-CHECKS-OF-THE-REFERENCE': choice<RegistrationBodyCheck>({
    reference: (body) =>
      body.clientName === ''
        ? 'client_name must be a non-empty string'
        : body.providerLegalId === body.organization
          ? undefined
          : 'provider_legal_id is not the organizationIdentifier of the QWAC',
    // The QWAC names the organisation; the bank reads neither field of the body.
    alternate: () => undefined,
  }),
  'REG-ANSWER-OF-THE-REFERENCE': choice<(facts: RegistrationFacts) => object>({
    reference: (facts) => ({
      client_id: facts.tpp.clientId,
      client_id_issued_at: facts.issuedAt,
      registration_client_uri: facts.registrationClientUri,
      registration_access_token: facts.registrationAccessToken,
      redirect_uris: facts.redirectUris,
      client_name: facts.clientName,
      provider_legal_id: facts.providerLegalId,
      scope: facts.tpp.roles.join(' '),
    }),
    // The seed's answer: the client_id, nothing more.
    alternate: (facts) => ({ client_id: facts.tpp.clientId }),
  }),
  'REG-QSEAL-NEAR-MISSES': choice<QsealRefusal>({
    reference: (reason) => new ApiError('FF01', { detail: reason }),
    alternate: (reason) => new ApiError('CERT_UNTRUSTED', { detail: reason }),
  }),
  'REG-QSEAL-READ-ALIKE': choice<QsealSpelling>({
    reference: () => undefined,
    alternate: organisationNamedTwice,
  }),
  'REG-ENROLMENT-UPDATED-BY-REGISTRATION': choice<EnrolmentUpdate>({
    // A registration names https URIs only: the loopback callbacks enrolled beside them are kept.
    reference: (enrolled, asked) => ({
      name: asked.name,
      redirectUris: [
        ...asked.redirectUris,
        ...(enrolled?.redirectUris.filter((uri) => !uri.startsWith('https://')) ?? []),
      ],
    }),
    // A known TPP changes its name and URIs through the bank's portal, not by registering again.
    alternate: (enrolled, asked) =>
      enrolled === undefined ? asked : { name: enrolled.name, redirectUris: enrolled.redirectUris },
  }),
} as const;
