import { createHash, type X509Certificate } from 'node:crypto';
import { readPsd2Certificate } from '../../protocol/psd2-certificate.ts';
import type { Role } from '../../spec/lib/index.ts';
import { apiRoleOfPsd2Role } from '../lib/api-roles.ts';

/** What the reference reads from a TPP's QWAC (seed: Authentication 1–2). */
export interface ClientCertificate {
  /** SHA-256 hex of the DER. */
  readonly fingerprint: string;
  /** organizationIdentifier (2.5.4.97) of the subject: the authorisation number, or undefined. */
  readonly organizationIdentifier: string | undefined;
  /** API roles granted by the PSD2 QCStatement (PSP_AI → aisp, PSP_PI → pisp, PSP_IC → cbpii). */
  readonly roles: readonly Role[];
  /** The public key as SPKI PEM. */
  readonly publicKeyPem: string;
}

/**
 * Reads the PSD2 facts of a peer certificate. The server reads it once per TLS connection
 * (`identify-tpp.ts`), which costs far less than the handshake that brought it. A certificate without
 * a readable PSD2 QCStatement grants no role: its calls are refused ROLE_MISSING, never a 500.
 */
export function readClientCertificate(certificate: X509Certificate): ClientCertificate {
  const fingerprint = createHash('sha256').update(certificate.raw).digest('hex');
  try {
    const psd2 = readPsd2Certificate(certificate.raw);
    return {
      fingerprint,
      organizationIdentifier: psd2.organizationIdentifier,
      roles: psd2.roles.flatMap((role) => apiRoleOfPsd2Role[role] ?? []),
      publicKeyPem: psd2.publicKeyPem,
    };
  } catch {
    return {
      fingerprint,
      organizationIdentifier: undefined,
      roles: [],
      publicKeyPem: certificate.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  }
}
