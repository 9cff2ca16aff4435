/**
 * The test PKI: a CA, TLS server certificates and eIDAS QWAC/QSEAL certificates with the PSD2
 * QCStatement, for the reference bank and for `stet-harness certs`.
 */
export { createTestCa, loadTestCa, readTestCa, type TestCa } from './certificate-authority.ts';
export {
  issueServerCertificate,
  issueTppCertificate,
  type IssuedCertificate,
  type TppIdentity,
} from './issue-certificate.ts';
export {
  defaultServerNames,
  generateTestPki,
  type GenerateTestPkiOptions,
  type TestPki,
  type TestPkiFiles,
} from './generate-test-pki.ts';
export {
  defaultNcaId,
  parseOrganizationIdentifier,
  type OrganizationIdentifier,
} from './organization-identifier.ts';
export { PkiError, type PkiErrorCode } from './pki-error.ts';
export { issueTlsCertificate, type KeyPairPem, type TlsCertificateOptions } from './tls-certificate.ts';
export {
  issueQsealNearMiss,
  isQsealNearMissName,
  qsealNearMissNames,
  type NearMissSource,
  type QsealNearMissName,
} from './qseal-near-misses.ts';
export { readPemFile, readPemPair, type PemKind, type PemPairPaths } from './read-pem-file.ts';
