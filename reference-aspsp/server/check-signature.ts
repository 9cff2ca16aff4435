import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { BoundedCache } from '../../lib/bounded-cache.ts';
import { computeDigest } from '../../protocol/digest.ts';
import { buildSigningString } from '../../protocol/signing-string.ts';
import type { ParsedSignature } from '../../protocol/signature-header.ts';
import {
  prepareVerification,
  uncoveredHeaders,
  type PreparedVerification,
} from '../../protocol/verify-signature.ts';
import { referenceChoices, type Choices } from '../choices/index.ts';
import type { Institution, SignatureFreshness } from '../institutions/institution.ts';
import type { EnrolledTpp } from '../tpp/enrolled-tpp.ts';
import { ApiError } from './api-error.ts';
import type { SignatureReplayCache } from './signature-replay-cache.ts';
import type { SignatureVerifier } from './signature-verifier.ts';

/** What {@link checkSignature} looks at. */
export interface SignedRequest {
  readonly method: string;
  /** Path with query, as received: the `(request-target)`. */
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly institution: Institution;
  readonly tpp: EnrolledTpp;
  /** False only under the `digest-not-checked` fault. */
  readonly checkDigest?: boolean;
  /** The server's time, for the institution's `signatureFreshness` (default: now). */
  readonly now?: Date;
  /** Signatures accepted recently, for `signatureFreshness.replayCache`. */
  readonly replays?: SignatureReplayCache;
  /** How this bank reads Signature and Digest where the seed is silent (default: the reference's). */
  readonly choices?: Choices;
}

/** Enrolled QSEAL keys, parsed once (bounded: enrolments come and go with `POST /register`). */
const keys = new BoundedCache<string, KeyObject>(1000);

/**
 * Checks the Signature and Digest of a resource call (seed: Endpoints, headers; contracts §4).
 *
 * Order: a Signature header must be there, then Digest (required when the institution's policy covers
 * `digest` or a body was sent; checked whenever present), then the signature itself: keyId naming this
 * TPP (client_id, or a URL ending `_<sha256 hex of its QSEAL DER>`), every policy header and every
 * `psu-*` header present covered, and the value verified with the enrolled QSEAL key.
 * Returns the refusal, or undefined when the request passes. The RSA verification runs on the calling
 * thread; {@link checkSignatureWith} lets the caller run it elsewhere.
 */
export function checkSignature(request: SignedRequest): ApiError | undefined {
  const ready = readyToVerify(request);
  if (ready instanceof ApiError) return ready;
  const { data, key, signature } = ready.prepared;
  return verified(verify('sha256', data, key, signature), request, ready.signature);
}

/**
 * {@link checkSignature} with the RSA operation run by `verifier`: the refusal or undefined, or a
 * promise of it when the verifier answers later (the pipeline's worker thread). Every check before
 * the RSA operation answers at once; the freshness window and the replay cache are checked after it,
 * in the order of the answers.
 */
export function checkSignatureWith(
  request: SignedRequest,
  verifier: SignatureVerifier,
): ApiError | undefined | Promise<ApiError | undefined> {
  const ready = readyToVerify(request);
  if (ready instanceof ApiError) return ready;
  const { data, key, signature } = ready.prepared;
  const valid = verifier.verify(data, key, signature);
  // Stryker disable next-line StringLiteral: unobservable: the reference's worker verifier answers a promise unless its worker died
  return typeof valid === 'boolean'
    ? verified(valid, request, ready.signature)
    : valid.then((answer) => verified(answer, request, ready.signature));
}

/** A signature ready for the RSA operation: what it verifies, and the parsed header. */
interface ReadyToVerify {
  readonly prepared: PreparedVerification & { ok: true };
  readonly signature: ParsedSignature;
}

/** Every check before the RSA operation: the refusal, or what to verify. */
function readyToVerify(request: SignedRequest): ApiError | ReadyToVerify {
  const choices = request.choices ?? referenceChoices;
  const header = request.headers.signature;
  if (typeof header !== 'string' || header === '') return refuse('no Signature header', request, undefined);
  const unread = choices.of('TRN-SIGNATURE-HEADER-FORMS')(header);
  if (unread !== undefined) return refuse(unread, request, undefined);
  let signature: ParsedSignature;
  try {
    signature = choices.of('TRN-SIGNATURE-HEADER-GRAMMAR')(header, choices.of('TRN-SIGNATURE-HEADER-LIMITS'));
  } catch (error) {
    // Stryker disable next-line StringLiteral: equivalent: parseSignatureHeader throws only its SignatureHeaderError, an Error with a message
    return refuse(error instanceof Error ? error.message : 'malformed Signature header', request, undefined);
  }
  const policy = request.institution.signatureHeaders;
  const digest = single(request.headers.digest);
  const checkDigest = request.checkDigest ?? true;
  const digestRequired = choices.of('TRN-DIGEST-UNSIGNED-POLICY')({
    policy,
    bodyBytes: request.body.length,
    digest,
  });
  if (checkDigest && digestRequired) {
    const checked = choices.of('TRN-DIGEST-RFC3230')(digest, request.body);
    if (!checked.valid)
      return new ApiError('DIGEST_INVALID', {
        detail: `Digest ${checked.reason}`,
        expected: {
          digest: computeDigest(request.body),
          digestReceived: digest ?? null,
          bodyBytes: request.body.length,
          requiredBecause: policy.includes('digest')
            ? 'the institution policy covers digest'
            : 'a body was sent or a Digest header was present',
        },
      });
  }
  if (!choices.of('TRN-SIGNATURE-KEYID-URL')(signature.keyId, request.tpp))
    return refuse(`keyId ${signature.keyId} is not this TPP's`, request, signature);
  if (!coversRequired(signature.headers, policy, request.headers)) {
    const psuHeaders = Object.keys(request.headers).filter((name) => name.startsWith('psu-'));
    const missing = uncoveredHeaders(signature, [...policy, ...psuHeaders]);
    return refuse(`not signed: ${missing.join(', ')}`, request, signature);
  }
  const prepared = prepareVerification({
    method: request.method,
    path: request.target,
    headers: request.headers,
    signature,
    publicKey: publicKey(request.tpp.qsealPublicKeyPem),
  });
  if (!prepared.ok) return refuse(`signature ${prepared.failure.reason}`, request, signature);
  return { prepared, signature };
}

/** The end of the check once the RSA operation answered: a mismatch, or the freshness checks. */
function verified(valid: boolean, request: SignedRequest, signature: ParsedSignature): ApiError | undefined {
  if (!valid) return refuse('signature mismatch', request, signature);
  const freshness = request.institution.signatureFreshness;
  const stale = freshness === undefined ? undefined : checkFreshness(request, signature, freshness);
  if (stale !== undefined) return stale;
  // The draft's bounds on created and expires, as this bank reads them (TRN-SIGNATURE-LIFETIME).
  const nowSeconds = Math.floor((request.now ?? new Date()).getTime() / 1000);
  const outOfLifetime = (request.choices ?? referenceChoices).of('TRN-SIGNATURE-LIFETIME')(
    signature,
    nowSeconds,
  );
  return outOfLifetime === undefined ? undefined : refuse(outOfLifetime, request, signature);
}

/**
 * An institution's freshness option: the signed `date` header or the `(created)` parameter must lie
 * within the window of the server clock, and a signature already accepted within it is a replay.
 * Checked after verification, so only a genuine signature enters the replay cache.
 */
function checkFreshness(
  request: SignedRequest,
  signature: ParsedSignature,
  freshness: SignatureFreshness,
): ApiError | undefined {
  const now = (request.now ?? new Date()).getTime();
  const windowMs = freshness.windowSeconds * 1000;
  const date = single(request.headers.date);
  const signedAt = signature.headers.includes('(created)')
    ? (signature.created ?? Number.NaN) * 1000
    : signature.headers.includes('date') && date !== undefined
      ? Date.parse(date)
      : undefined;
  if (signedAt === undefined)
    return refuse('the signature covers neither date nor (created)', request, signature);
  if (!Number.isFinite(signedAt) || Math.abs(now - signedAt) > windowMs)
    return refuse(
      `signed at ${String(signedAt)}, outside ${freshness.windowSeconds} s of the server clock`,
      request,
      signature,
    );
  if (freshness.replayCache && request.replays !== undefined) {
    const key = `${request.institution.code}:${signature.signature}`;
    if (!request.replays.remember(key, now, signedAt + windowMs))
      return refuse('signature replayed', request, signature);
  }
  return undefined;
}

/**
 * True when the signature covers every policy header and every `psu-*` header present: the check of
 * `uncoveredHeaders` without building its lists, since a request that passes needs none of them.
 */
function coversRequired(
  covered: readonly string[],
  policy: readonly string[],
  headers: IncomingHttpHeaders,
): boolean {
  for (const name of policy) if (!covered.includes(name.toLowerCase())) return false;
  for (const name in headers)
    if (name.startsWith('psu-') && !covered.includes(name.toLowerCase())) return false;
  return true;
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.join(',');
}

/** The signing string with the value of an `authorization` line hidden (it goes back in a body). */
function masked(signingString: string): string {
  return signingString
    .split('\n')
    .map((line) => (line.startsWith('authorization: ') ? 'authorization: [masked]' : line))
    .join('\n');
}

function publicKey(pem: string): KeyObject {
  return keys.getOrCreate(pem, createPublicKey);
}

/**
 * The refusal, with what the bank expected for the sandbox's problem details: the headers required
 * and those not covered, the signing string it rebuilt from the request (over the headers signed, or
 * over the required ones when there is no usable Signature), the keyId forms it accepts and the
 * Digest of the body. An `authorization` line is masked: the string goes back in a response body.
 */
function refuse(detail: string, request: SignedRequest, signature: ParsedSignature | undefined): ApiError {
  const policy = request.institution.signatureHeaders;
  const psuHeaders = Object.keys(request.headers).filter((name) => name.startsWith('psu-'));
  const required = [...new Set([...policy, ...psuHeaders])];
  // Stryker disable next-line ArrayDeclaration: equivalent: no header is named like a junk entry, so the missing list is the same
  const covered = signature?.headers ?? [];
  const names = signature?.headers ?? required;
  // The string the bank rebuilds: an absent Digest is shown with the one the bank computed, any
  // other absent header as <absent>, so the developer sees every line it has to produce.
  const headers: Record<string, string | string[] | undefined> = { ...request.headers };
  headers['digest'] ??= computeDigest(request.body);
  // Pseudo-headers are never read from `headers`, so filling them too changes nothing.
  for (const name of names) headers[name] ??= '<absent>';
  const built = buildSigningString({
    method: request.method,
    path: request.target,
    headers,
    headerNames: names,
    created: signature?.created,
    expires: signature?.expires,
  });
  return new ApiError('SIGNATURE_INVALID', {
    detail,
    expected: {
      requiredHeaders: required,
      signedHeaders: signature === undefined ? null : covered,
      missingHeaders: required.filter((name) => !covered.includes(name)),
      signingString: built.ok ? masked(built.value) : null,
      ...(built.ok ? {} : { absentHeader: built.missingHeader }),
      keyIds: [request.tpp.clientId, `https://<your host>/<name>_${request.tpp.qsealFingerprint}`],
      algorithm: 'rsa-sha256',
      digest: computeDigest(request.body),
    },
  });
}
