/**
 * RSA key pairs for test certificates.
 */
import { webcrypto } from 'node:crypto';

/** The RSA algorithm of every test key and signature: PKCS#1 v1.5 with SHA-256, 2048 bits. */
export const rsaAlgorithm = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

/** A WebCrypto key pair with its private key as PKCS#8 PEM. */
export interface RsaKeyPair {
  keys: webcrypto.CryptoKeyPair;
  privateKeyPem: string;
}

/**
 * Generates an RSA 2048 key pair.
 *
 * WebCrypto generates on libuv's thread pool, so several calls in parallel use several cores; key
 * generation is the main cost of a test PKI.
 */
export async function generateRsaKeyPair(): Promise<RsaKeyPair> {
  const keys = await webcrypto.subtle.generateKey(rsaAlgorithm, true, ['sign', 'verify']);
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { keys, privateKeyPem: toPem('PRIVATE KEY', new Uint8Array(pkcs8)) };
}

/** Wraps DER bytes in a PEM block with 64-character lines. */
export function toPem(label: string, der: Uint8Array): string {
  const base64 = Buffer.from(der).toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
