/**
 * Wire primitives both the harness and the reference bank rely on: draft-cavage HTTP Signature,
 * the `Digest` header, PKCE, and the PSD2 QCStatement of eIDAS certificates.
 */
export type { HeaderBag } from './header-bag.ts';
export { headerValues } from './header-bag.ts';
export { buildSigningString, type SigningInput, type SigningStringResult } from './signing-string.ts';
export {
  SignatureHeaderError,
  formatSignatureHeader,
  parseSignatureHeader,
  type ParsedSignature,
  type SignatureHeaderErrorCode,
} from './signature-header.ts';
export {
  SignRequestError,
  signRequest,
  type SignRequestErrorCode,
  type SignRequestOptions,
} from './sign-request.ts';
export {
  uncoveredHeaders,
  verifySignature,
  type SignatureVerification,
  type VerifySignatureOptions,
} from './verify-signature.ts';
export { computeDigest, verifyDigest, type DigestAlgorithm, type DigestVerification } from './digest.ts';
export {
  psd2RoleForStetRole,
  psd2RoleOids,
  psd2Roles,
  stetRoleForPsd2Role,
  type Psd2Role,
  type StetRole,
} from './psd2-roles.ts';
export {
  decodeQcStatements,
  encodeQcStatements,
  psd2StatementOid,
  qcComplianceOid,
  qcStatementsExtensionOid,
  qcTypeOids,
  qcTypeStatementOid,
  type Psd2Statement,
  type QcStatements,
  type QcType,
} from './qc-statements.ts';
export {
  Psd2CertificateError,
  readPsd2Certificate,
  type Psd2Certificate,
  type Psd2CertificateErrorCode,
} from './psd2-certificate.ts';
export { DerError } from './der.ts';
export {
  createPkcePair,
  isValidCodeVerifier,
  isValidS256Challenge,
  pkceChallenge,
  verifyPkce,
  type PkceMethod,
  type PkcePair,
} from './pkce.ts';
export { hasValidIbanCheckDigits, ibanCheckDigits, mod97 } from './iban.ts';
