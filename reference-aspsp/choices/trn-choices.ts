import { randomUUID } from 'node:crypto';
import { computeDigest, verifyDigest, type DigestVerification } from '../../protocol/digest.ts';
import {
  parseSignatureHeader,
  strictSignatureLimits,
  type ParsedSignature,
  type SignatureHeaderLimits,
} from '../../protocol/signature-header.ts';
import type { SignatureFreshness } from '../institutions/institution.ts';
import { ApiError } from '../server/api-error.ts';
import { BareRefusal } from '../server/error-answer.ts';
import { duplicatedSingleton, hostName } from '../server/stages/host-stage.ts';
import { choice } from './choice.ts';
import { lenientSignatureHeader } from './lenient-signature-header.ts';

/** True when a Signature keyId names this TPP's QSEAL (TRN-SIGNATURE-KEYID-URL). */
export type KeyIdReading = (
  keyId: string,
  tpp: { readonly clientId: string; readonly qsealFingerprint: string },
) => boolean;

/** Why a Signature header's spelling is not read, or undefined when it is (TRN-SIGNATURE-HEADER-FORMS). */
export type SignatureSpelling = (header: string) => string | undefined;

/** Whether a call needs a Digest header, from the institution's policy, the body and the Digest sent (TRN-DIGEST-UNSIGNED-POLICY). */
export type DigestRequired = (call: {
  readonly policy: readonly string[];
  readonly bodyBytes: number;
  readonly digest: string | undefined;
}) => boolean;

/** How a Digest header is checked against the body (TRN-DIGEST-RFC3230). */
export type DigestReading = (header: string | undefined, body: Uint8Array) => DigestVerification;

/** The refusal of a host the bank cannot serve, from the host (TRN-INSTITUTION-UNKNOWN, TRN-HOST-UNKNOWN-FORM). */
export type HostRefusal = (host: string) => ApiError;

/** The X-Request-ID a response is answered under, from the one sent (TRN-XREQUESTID-EMPTY-REPLACED). */
export type RequestIdOf = (sent: string | undefined) => string;

/** Reads a Signature header, or throws an Error saying why it cannot (TRN-SIGNATURE-HEADER-GRAMMAR). */
export type SignatureReader = (header: string, limits: SignatureHeaderLimits) => ParsedSignature;

/** Why a verified signature is out of its lifetime at `nowSeconds`, or undefined (TRN-SIGNATURE-LIFETIME). */
export type SignatureLifetime = (signature: ParsedSignature, nowSeconds: number) => string | undefined;

/**
 * The draft's own bounds: a signature whose `created` is in the future or whose `expires` is in the
 * past MUST NOT be processed (draft-cavage-12 §2.1.4, §2.1.5), on the server clock in whole seconds.
 */
function draftLifetime(signature: ParsedSignature, nowSeconds: number): string | undefined {
  // Without the parameter, an instant that is never in the future (created) or the past (expires).
  const created = signature.created ?? 0;
  const expires = signature.expires ?? Infinity;
  if (created > nowSeconds) return `created ${created} is after the server clock (${nowSeconds})`;
  if (expires < nowSeconds) return `expired at ${expires}, before the server clock (${nowSeconds})`;
  return undefined;
}

/** HAL's type hint beside every href of a JSON body (TRN-NO-EXTRA-FIELDS of the alternate bank). */
function withLinkTypes(value: unknown, depth = 0): unknown {
  if (depth > 16 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withLinkTypes(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) out[name] = withLinkTypes(member, depth + 1);
  if (typeof out['href'] === 'string' && !('type' in out)) out['type'] = 'application/hal+json';
  return out;
}

const keyIdUrl = /^https?:\/\/\S+_([0-9a-f]{64})$/i;

/**
 * A Signature header in the canonical spelling: `name="value"` parameters (created and expires as
 * digits) joined by bare commas, names as the draft spells them, headers single-spaced lower case.
 */
const canonicalParameter =
  /^(?:(?:keyId|algorithm|signature)="[^"\\]*"|headers="[a-z0-9()-]+(?: [a-z0-9()-]+)*"|(?:created|expires)=\d+)$/;

function canonicalSpelling(header: string): string | undefined {
  const parameters = header.split(',');
  if (!parameters.every((parameter) => canonicalParameter.test(parameter)))
    return 'the Signature header is not in the canonical spelling: name="value" parameters joined by commas';
  if (!parameters.some((parameter) => parameter.startsWith('algorithm=')))
    return 'the Signature header names no algorithm';
  return undefined;
}

/** The seed's list: what a policy keeps when the bank asks for no more (date and x-request-id dropped). */
const beyondTheSeed: ReadonlySet<string> = new Set(['date', 'x-request-id']);

/** One SHA-256 entry spelt `SHA-256=`, matching the body: nothing else is read. */
function singleSha256(header: string | undefined, body: Uint8Array): DigestVerification {
  if (header === undefined || header.trim() === '') return { valid: false, reason: 'missing' };
  if (!header.startsWith('SHA-256=') || header.includes(','))
    return { valid: false, reason: 'malformed', message: 'expected one entry SHA-256=<base64>' };
  return header === computeDigest(body) ? { valid: true, algorithm: 'SHA-256' } : verifyDigest(header, body);
}

/** The choices of the TRN family: transport, hosts, signatures and response headers. */
export const trnChoices = {
  'TRN-SIGNATURE-STRICTER-POLICY': choice<(policy: readonly string[]) => readonly string[]>({
    reference: (policy) => policy,
    alternate: (policy) => policy.filter((name) => !beyondTheSeed.has(name)),
  }),
  'TRN-SIGNATURE-FRESH': choice<
    (freshness: SignatureFreshness | undefined) => SignatureFreshness | undefined
  >({
    reference: (freshness) => freshness,
    alternate: () => undefined,
  }),
  'TRN-SIGNATURE-NO-REPLAY': choice<
    (freshness: SignatureFreshness | undefined) => SignatureFreshness | undefined
  >({
    reference: (freshness) => freshness,
    alternate: (freshness) => (freshness === undefined ? undefined : { ...freshness, replayCache: false }),
  }),
  'TRN-SIGNATURE-KEYID-URL': choice<KeyIdReading>({
    reference: (keyId, tpp) => {
      if (keyId === tpp.clientId) return true;
      const hex = keyIdUrl.exec(keyId)?.[1];
      return hex !== undefined && hex.toLowerCase() === tpp.qsealFingerprint;
    },
    alternate: (keyId, tpp) => keyId === tpp.clientId,
  }),
  'TRN-SIGNATURE-HEADER-FORMS': choice<SignatureSpelling>({
    reference: () => undefined,
    alternate: canonicalSpelling,
  }),
  'TRN-SIGNATURE-HEADER-LIMITS': choice<SignatureHeaderLimits>({
    reference: strictSignatureLimits,
    // The draft: an absent (here empty) list is (created); a Unix time of any length is a number.
    alternate: { emptyHeaders: 'default', timestampDigits: Number.POSITIVE_INFINITY },
  }),
  'TRN-DIGEST-UNSIGNED-POLICY': choice<DigestRequired>({
    reference: (call) => call.digest !== undefined || call.policy.includes('digest') || call.bodyBytes > 0,
    alternate: () => true,
  }),
  'TRN-DIGEST-RFC3230': choice<DigestReading>({ reference: verifyDigest, alternate: singleSha256 }),
  'TRN-XREQUESTID-EMPTY-REPLACED': choice<RequestIdOf>({
    reference: (sent) => (sent === undefined || sent === '' ? randomUUID() : sent),
    alternate: (sent) => sent ?? randomUUID(),
  }),
  'TRN-INSTITUTION-UNKNOWN': choice<HostRefusal>({
    reference: (host) => new ApiError('INSTITUTION_UNKNOWN', { detail: `host ${host}` }),
    alternate: (host) => new ApiError('HOST_UNKNOWN', { detail: `host ${host}` }),
  }),
  'TRN-HOST-UNKNOWN-FORM': choice<HostRefusal>({
    reference: (host) => new ApiError('HOST_UNKNOWN', { detail: `host ${host}` }),
    // RFC 9112 §3.2: an invalid Host is 400 Bad Request.
    alternate: (host) => new ApiError('HOST_UNKNOWN', { status: 400, detail: `host ${host}` }),
  }),
  'TRN-HOST-SNI-MATCHES': choice<(sni: string | undefined, host: string) => boolean>({
    reference: (sni, host) => sni === undefined || sni === hostName(host),
    alternate: () => true,
  }),
  'TRN-HEADER-ONCE': choice<(rawHeaders: readonly string[]) => string | undefined>({
    reference: duplicatedSingleton,
    // Node keeps the first Host and the first Authorization of several: those are read.
    alternate: () => undefined,
  }),
  'TRN-JSON-RESPONSES': choice<string>({
    reference: 'application/json',
    alternate: 'application/hal+json; charset=utf-8',
  }),
  'TRN-NO-STORE': choice<string | undefined>({ reference: 'no-store', alternate: undefined }),
  'TRN-STATUS-DOCUMENTED': choice<number>({ reference: 201, alternate: 200 }),
  'TRN-SIGNATURE-HEADER-GRAMMAR': choice<SignatureReader>({
    reference: parseSignatureHeader,
    alternate: lenientSignatureHeader,
  }),
  'TRN-SIGNATURE-LIFETIME': choice<SignatureLifetime>({
    reference: draftLifetime,
    alternate: () => undefined,
  }),
  // The refusal of a call without Authorization, from the bank's refusal of a bad token.
  'TRN-NO-TOKEN-INVALID-TOKEN': choice<(refusal: ApiError) => Error>({
    reference: (refusal) => refusal,
    // RFC 6750 §3.1: a request lacking authentication gets no error code, only the challenge.
    alternate: (refusal) =>
      new BareRefusal(401, refusal.detail ?? 'no bearer token', { 'www-authenticate': 'Bearer' }),
  }),
  // What a success answer's JSON carries beyond the fields the seed lists: nothing, or link types.
  'TRN-NO-EXTRA-FIELDS': choice<((json: unknown) => unknown) | undefined>({
    reference: undefined,
    alternate: withLinkTypes,
  }),
} as const;
