/**
 * Signs a request with draft-cavage HTTP Signature, rsa-sha256, as STET and the group's hosts use.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { BoundedCache } from '../lib/bounded-cache.ts';
import { CodedError } from '../lib/coded-error.ts';
import type { HeaderBag } from './header-bag.ts';
import { formatSignatureHeader } from './signature-header.ts';
import { buildSigningString } from './signing-string.ts';

/** Why a request could not be signed. */
export type SignRequestErrorCode = 'ERR_SIGNATURE_HEADER_ABSENT' | 'ERR_SIGNATURE_KEY_INVALID';

/** Raised by {@link signRequest} when the request or the key cannot produce a signature. */
export class SignRequestError extends CodedError<SignRequestErrorCode> {}

/** What {@link signRequest} needs. */
export interface SignRequestOptions {
  method: string;
  /** Path with query, exactly as it will be sent. */
  path: string;
  headers: HeaderBag;
  keyId: string;
  /** An RSA private key: a `KeyObject` or PEM (PKCS#1 or PKCS#8). */
  privateKey: KeyObject | string;
  /** Names to cover, e.g. `['(request-target)', 'digest', 'x-request-id']`; lower-cased on output. */
  headerNames: readonly string[];
  created?: number;
  expires?: number;
}

/** Parsed PEM keys: parsing costs about as much as signing, and a run signs thousands of times. */
const parsedKeys = new BoundedCache<string, KeyObject>(32);

function privateKeyOf(pem: string): KeyObject {
  return parsedKeys.getOrCreate(pem, createPrivateKey);
}

/**
 * Returns the `Signature` header value: `keyId="…",algorithm="rsa-sha256",headers="…",signature="…"`.
 *
 * Throws {@link SignRequestError} `ERR_SIGNATURE_HEADER_ABSENT` when a covered header is not in
 * `headers` (signing an absent header would produce a signature no verifier can rebuild) and
 * `ERR_SIGNATURE_KEY_INVALID` when the key is not a usable RSA private key.
 */
export function signRequest(options: SignRequestOptions): string {
  const headerNames = options.headerNames.map((n) => n.toLowerCase());
  const built = buildSigningString({ ...options, headerNames });
  if (!built.ok) {
    throw new SignRequestError(
      'ERR_SIGNATURE_HEADER_ABSENT',
      `cannot sign: header ${built.missingHeader} is absent`,
      {
        hint: 'set every header you list in headerNames before signing',
      },
    );
  }
  let key: KeyObject;
  try {
    key = typeof options.privateKey === 'string' ? privateKeyOf(options.privateKey) : options.privateKey;
  } catch (cause) {
    throw new SignRequestError('ERR_SIGNATURE_KEY_INVALID', 'the signing key is not a readable private key', {
      cause,
      hint: 'pass the QSEAL private key as PEM',
    });
  }
  if (key.type !== 'private' || key.asymmetricKeyType !== 'rsa') {
    throw new SignRequestError('ERR_SIGNATURE_KEY_INVALID', 'rsa-sha256 needs an RSA private key', {
      hint: 'pass the QSEAL private key as PEM',
    });
  }
  const signature = sign('sha256', Buffer.from(built.value, 'utf8'), key).toString('base64');
  return formatSignatureHeader({
    keyId: options.keyId,
    algorithm: 'rsa-sha256',
    headers: headerNames,
    signature,
    created: options.created,
    expires: options.expires,
  });
}
