import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { EnrolledTpp } from '../../reference-aspsp/tpp/enrolled-tpp.ts';

/**
 * An enrolled TPP whose QSEAL key pair is made here, for tests that sign requests and have the
 * reference's signature check verify them (keyId: its client_id).
 */
export function signingTpp(name: string): { tpp: EnrolledTpp; privateKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tpp: EnrolledTpp = {
    clientId: 'PSDFR-ACPR-12345',
    organizationIdentifier: 'PSDFR-ACPR-12345',
    name,
    roles: ['aisp', 'cbpii', 'pisp'],
    qwacFingerprint: '0'.repeat(64),
    qwacPublicKeyPem: '',
    qsealFingerprint: 'a'.repeat(64),
    qsealPublicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    redirectUris: ['https://tpp.example/cb'],
  };
  return { tpp, privateKey };
}
