/**
 * The one place a TPP request gets its `Date`, `Digest` and draft-cavage `Signature` (QSEAL,
 * rsa-sha256; contracts §4): the signing interceptor of the harness client calls it for every request
 * it sends, and `load` for each request autocannon sends.
 */
import { computeDigest, signRequest } from '../../protocol/index.ts';
import { fillSignatureFormat } from './signature-format.ts';

/** The TPP's QSEAL as the signer needs it. */
export interface SealKey {
  readonly keyId: string;
  /** PEM private key. */
  readonly privateKey: string;
}

/**
 * How one request is signed. Every field is optional: `{}` signs with the institution's policy. The
 * rest are the transport cases' deliberate faults.
 */
export interface SigningPolicy {
  /**
   * Headers to sign instead of the institution's policy; `psu-*` headers present are added
   * (contracts §4).
   */
  headers?: readonly string[] | undefined;
  /** Send a Digest that does not match the body. */
  badDigest?: boolean | undefined;
  /** Send no Digest at all (the signature then leaves `digest` out: it covers only headers sent). */
  noDigest?: boolean | undefined;
  /** Send a Signature whose value does not verify. */
  badSignature?: boolean | undefined;
  /**
   * Sign exactly these headers, in this order, instead of the policy plus every `psu-*` header (a
   * transport case leaving out `(request-target)`, a policy header or a PSU header on purpose).
   */
  exactHeaders?: readonly string[] | undefined;
  /** keyId to send instead of the TPP's (the signature is still made with its QSEAL key). */
  keyId?: string | undefined;
  /** algorithm label to send instead of `rsa-sha256` (the value is still rsa-sha256). */
  algorithm?: string | undefined;
  /** The `created` parameter (Unix seconds), needed when `(created)` is covered. */
  created?: number | undefined;
  /** The `expires` parameter (Unix seconds), needed when `(expires)` is covered. */
  expires?: number | undefined;
  /**
   * The header's text around the computed parts, `<keyId>`, `<signature>`… (`signature-format.ts`):
   * a syntax near miss around a value that verifies.
   */
  format?: string | undefined;
}

/** What {@link signHeaders} signs. */
export interface SignInput {
  method: string;
  /** Path with query, exactly as sent. */
  path: string;
  /** Lower-case names; left untouched. */
  headers: Readonly<Record<string, string>>;
  body: string | Uint8Array;
  key: SealKey;
  /** The institution's signature headers (`target.institutions[].signatureHeaders`). */
  policy: readonly string[];
  /** This request's variation of the policy; `{}` for none. */
  signing: SigningPolicy;
}

/**
 * The headers of a signed request: `headers` plus `Date` and `Digest` unless given, and `Signature`
 * over the policy headers and every `psu-*` header present (those absent are left out, as a bank
 * verifies only what it receives).
 */
export function signHeaders(input: SignInput): Record<string, string> {
  const { signing } = input;
  const headers: Record<string, string> = { ...input.headers };
  headers['date'] ??= new Date().toUTCString();
  if (signing.noDigest !== true) {
    headers['digest'] ??=
      signing.badDigest === true ? computeDigest(`${bodyText(input.body)} `) : computeDigest(input.body);
  }
  const covered = (signing.exactHeaders ?? signing.headers ?? input.policy).map((h) => h.toLowerCase());
  if (signing.exactHeaders === undefined) {
    for (const name of Object.keys(headers))
      if (name.startsWith('psu-') && !covered.includes(name)) covered.push(name);
  }
  const headerNames = covered.filter((h) => h.startsWith('(') || headers[h] !== undefined);
  const keyId = signing.keyId ?? input.key.keyId;
  const signed = signRequest({
    method: input.method,
    path: input.path,
    headers,
    keyId,
    privateKey: input.key.privateKey,
    headerNames,
    ...(signing.created === undefined ? {} : { created: signing.created }),
    ...(signing.expires === undefined ? {} : { expires: signing.expires }),
  });
  const relabelled = signing.algorithm === undefined ? signed : relabelAlgorithm(signed, signing.algorithm);
  const signature =
    signing.format === undefined
      ? relabelled
      : fillSignatureFormat(signing.format, {
          keyId,
          algorithm: signing.algorithm ?? 'rsa-sha256',
          headers: headerNames,
          signature: signatureValue(signed),
          created: signing.created,
          expires: signing.expires,
        });
  headers['signature'] = signing.badSignature === true ? corrupt(signature) : signature;
  return headers;
}

/** The base64 value of a Signature header as `signRequest` formats it (base64 holds no quote). */
function signatureValue(signatureHeader: string): string {
  return /signature="([^"]*)"/.exec(signatureHeader)?.[1] ?? '';
}

function bodyText(body: string | Uint8Array): string {
  return typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
}

/** Replaces the `algorithm` parameter of a Signature header, leaving the value as signed. */
function relabelAlgorithm(signatureHeader: string, algorithm: string): string {
  return signatureHeader.replace(/algorithm="[^"]*"/, `algorithm="${algorithm.replace(/"/g, '')}"`);
}

/** Flips the signature value so it no longer verifies while staying well-formed base64. */
function corrupt(signatureHeader: string): string {
  return signatureHeader.replace(
    /signature="([A-Za-z0-9+/])/,
    (_all, c: string) => `signature="${c === 'A' ? 'B' : 'A'}`,
  );
}
