import type { Role } from '../../spec/lib/index.ts';

/**
 * A TPP known to the bank (seed: Authentication 2), as stored in the `tpps` collection.
 *
 * Enrolment holds public material only: the bank never sees the TPP's private keys. The certificate
 * PEMs are kept so the QSEAL fingerprint of a URL keyId and the QWAC binding of a register-issued
 * client_id can be checked.
 */
export interface EnrolledTpp {
  /** Either the authorisation number (`PSDFR-ACPR-12345`) or a value issued by `POST /register`. */
  readonly clientId: string;
  /** The organizationIdentifier of its QWAC (the authorisation number). */
  readonly organizationIdentifier: string;
  readonly name: string;
  /** Roles the TPP is enrolled for; each call also needs the role in the QWAC QCStatement. */
  readonly roles: readonly Role[];
  /** SHA-256 hex of the DER of the QWAC this enrolment is bound to. */
  readonly qwacFingerprint: string;
  /** QWAC public key, PEM (SPKI). */
  readonly qwacPublicKeyPem: string;
  /** SHA-256 hex of the DER of the QSEAL certificate (suffix of the URL keyId form). */
  readonly qsealFingerprint: string;
  /** QSEAL public key, PEM (SPKI): verifies the Signature header. */
  readonly qsealPublicKeyPem: string;
  /** Redirect URIs the authorize endpoint accepts for this TPP (exact match). */
  readonly redirectUris: readonly string[];
}
