/**
 * The `Signature` header value of draft-cavage-http-signatures-12: parse and format.
 */
import { CodedError } from '../lib/coded-error.ts';

/** Why a `Signature` header value could not be parsed. */
export type SignatureHeaderErrorCode =
  | 'ERR_SIGNATURE_HEADER_EMPTY'
  | 'ERR_SIGNATURE_HEADER_SYNTAX'
  | 'ERR_SIGNATURE_HEADER_DUPLICATE_PARAM'
  | 'ERR_SIGNATURE_HEADER_MISSING_PARAM'
  | 'ERR_SIGNATURE_HEADER_EMPTY_PARAM'
  | 'ERR_SIGNATURE_HEADER_BAD_TIMESTAMP';

/** Raised by {@link parseSignatureHeader}; the code says which malformation was found. */
export class SignatureHeaderError extends CodedError<SignatureHeaderErrorCode> {
  constructor(code: SignatureHeaderErrorCode, message: string) {
    // Stryker disable next-line ObjectLiteral: unobservable: the bank sends the message of a parse error, never its hint (server/check-signature.ts)
    super(code, message, {
      // Stryker disable next-line StringLiteral: unobservable: the bank sends the message of a parse error, never its hint (server/check-signature.ts)
      hint: 'expected keyId="…",algorithm="rsa-sha256",headers="(request-target) …",signature="<base64>"',
    });
  }
}

/** A parsed `Signature` header. */
export interface ParsedSignature {
  keyId: string;
  /** As sent; `undefined` when the parameter is absent (the verifier then assumes rsa-sha256). */
  algorithm: string | undefined;
  /** Lower-cased covered header names, in order. */
  headers: string[];
  /** The base64 signature as sent; decoded (and checked) by the verifier. */
  signature: string;
  created: number | undefined;
  expires: number | undefined;
}

/** The parameters the draft defines, by lower-cased name; any other is ignored. */
interface Params {
  keyid?: string;
  algorithm?: string;
  headers?: string;
  signature?: string;
  created?: string;
  expires?: string;
}

/**
 * What a reader refuses beyond the draft's grammar: an empty `headers` parameter (`refuse`, or read
 * as absent: `default`) and `created` or `expires` of more than `timestampDigits` digits.
 */
export interface SignatureHeaderLimits {
  readonly emptyHeaders: 'refuse' | 'default';
  readonly timestampDigits: number;
}

/** The reference's limits (rule TRN-SIGNATURE-HEADER-LIMITS): an empty list refused, at most 15 digits. */
export const strictSignatureLimits: SignatureHeaderLimits = { emptyHeaders: 'refuse', timestampDigits: 15 };

/**
 * Parses a `Signature` header value; throws {@link SignatureHeaderError} on any malformation.
 *
 * Parameter names are case-insensitive; unknown parameters are ignored, as the draft requires.
 * Without `headers`, the draft's default `(created)` applies.
 */
export function parseSignatureHeader(
  value: string,
  limits: SignatureHeaderLimits = strictSignatureLimits,
): ParsedSignature {
  if (value.trim() === '')
    throw new SignatureHeaderError('ERR_SIGNATURE_HEADER_EMPTY', 'empty Signature header');
  const params = splitParams(value);
  const { keyid: keyId, signature } = params;
  if (keyId === undefined) throw missing('keyId');
  if (signature === undefined) throw missing('signature');
  if (keyId === '') throw empty('keyId');
  if (signature === '') throw empty('signature');
  const blank = params.headers !== undefined && params.headers.trim() === '';
  if (blank && limits.emptyHeaders === 'refuse') throw empty('headers');
  const headersParam = blank ? undefined : params.headers;
  return {
    keyId,
    algorithm: params.algorithm,
    headers: splitNames((headersParam ?? '(created)').trim().toLowerCase()),
    signature,
    created: timestamp(params.created, 'created', limits.timestampDigits),
    expires: timestamp(params.expires, 'expires', limits.timestampDigits),
  };
}

/** The names of a trimmed `headers` parameter: separated by one or more spaces, as `split(/ +/)`. */
function splitNames(list: string): string[] {
  const names: string[] = [];
  let start = 0;
  for (let i = 0; i <= list.length; i += 1) {
    if (i < list.length && list.charCodeAt(i) !== space) continue;
    if (i > start) names.push(list.slice(start, i));
    start = i + 1;
  }
  return names;
}

// Stryker disable all: the client side (the TPP formats its header): the bank never runs it, so no conformance case can reach it (test/unit/protocol/signature-header.test.ts does)
/** Formats a `Signature` header value (the inverse of {@link parseSignatureHeader}). */
export function formatSignatureHeader(parts: {
  keyId: string;
  algorithm?: string | undefined;
  headers: readonly string[];
  signature: string;
  created?: number | undefined;
  expires?: number | undefined;
}): string {
  const out = [`keyId="${quote(parts.keyId)}"`];
  if (parts.algorithm !== undefined) out.push(`algorithm="${quote(parts.algorithm)}"`);
  if (parts.created !== undefined) out.push(`created=${parts.created}`);
  if (parts.expires !== undefined) out.push(`expires=${parts.expires}`);
  out.push(`headers="${parts.headers.join(' ')}"`, `signature="${parts.signature}"`);
  return out.join(',');
}

function quote(value: string): string {
  return value.replace(/["\\]/g, (c) => `\\${c}`);
}

// Stryker restore all
function missing(name: string): SignatureHeaderError {
  return new SignatureHeaderError(
    // Stryker disable next-line StringLiteral: unobservable: the bank sends the message of a parse error, never its code (server/check-signature.ts)
    'ERR_SIGNATURE_HEADER_MISSING_PARAM',
    `Signature header has no ${name} parameter`,
  );
}

function empty(name: string): SignatureHeaderError {
  return new SignatureHeaderError(
    // Stryker disable next-line StringLiteral: unobservable: the bank sends the message of a parse error, never its code (server/check-signature.ts)
    'ERR_SIGNATURE_HEADER_EMPTY_PARAM',
    `Signature header ${name} parameter is empty`,
  );
}

function timestamp(raw: string | undefined, name: string, digits: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || raw.length > digits) {
    throw new SignatureHeaderError(
      // Stryker disable next-line StringLiteral: unobservable: the bank sends the message of a parse error, never its code (server/check-signature.ts)
      'ERR_SIGNATURE_HEADER_BAD_TIMESTAMP',
      `${name} is not a Unix time: ${raw}`,
    );
  }
  return Number(raw);
}

/** Splits `name="value", name=token` pairs; quoted strings may contain commas and `\` escapes. */
function splitParams(value: string): Params {
  // Scanned by character code, with no closures and no regexes over slices: every signed request parses
  // one of these headers (its signature alone is a few hundred characters), on the reference's hot path.
  const params: Params = {};
  const end = value.length;
  let i = 0;
  for (;;) {
    i = skipSpace(value, i);
    const nameStart = i;
    if (i < end && isAlpha(value.charCodeAt(i))) {
      i += 1;
      while (i < end && isNameChar(value.charCodeAt(i))) i += 1;
    }
    if (i === nameStart) throw syntax('expected a parameter name', i);
    const rawName = value.slice(nameStart, i);
    i = skipSpace(value, i);
    if (value.charCodeAt(i) !== equals) throw syntax(`expected "=" after ${rawName}`, i);
    i += 1;
    i = skipSpace(value, i);
    let paramValue: string;
    if (value.charCodeAt(i) === quoteMark) {
      i += 1;
      paramValue = '';
      let runStart = i;
      // Most values hold no backslash: the closing quote found by indexOf (a native scan) ends them.
      // Stryker disable next-line StringLiteral: equivalent: indexOf('') is i itself, so the jump below goes nowhere and the loop scans the value as it would without the shortcut
      const close = value.indexOf('"', i);
      // Stryker disable next-line UnaryOperator,StringLiteral: equivalent: close is never 1 (a name, = and the quote come before it) and escape is read only when close is not -1; lastIndexOf('') is close itself, so the loop scans the value
      const escape = close === -1 ? -1 : value.lastIndexOf('\\', close);
      if (close !== -1 && escape < i) i = close;
      for (;;) {
        if (i >= end) throw syntax('unterminated quoted string', i);
        const c = value.charCodeAt(i);
        if (c === quoteMark) break;
        if (c === backslash) {
          if (i + 1 >= end) throw syntax('unterminated escape', i);
          paramValue += value.slice(runStart, i) + value.charAt(i + 1);
          i += 2;
          runStart = i;
        } else {
          i += 1;
        }
      }
      paramValue += value.slice(runStart, i);
      i += 1;
    } else {
      const tokenStart = i;
      while (i < end && isTokenChar(value.charCodeAt(i))) i += 1;
      if (i === tokenStart) throw syntax(`expected a value for ${rawName}`, i);
      paramValue = value.slice(tokenStart, i);
    }
    const name = knownParam(rawName.toLowerCase());
    if (name !== undefined) {
      if (params[name] !== undefined) {
        throw new SignatureHeaderError(
          // Stryker disable next-line StringLiteral: unobservable: the bank sends the message of a parse error, never its code (server/check-signature.ts)
          'ERR_SIGNATURE_HEADER_DUPLICATE_PARAM',
          `Signature header repeats ${rawName}`,
        );
      }
      params[name] = paramValue;
    }
    i = skipSpace(value, i);
    if (i >= end) return params;
    if (value.charCodeAt(i) !== comma) throw syntax('expected ","', i);
    i += 1;
  }
}

function knownParam(name: string): keyof Params | undefined {
  switch (name) {
    case 'keyid':
    case 'algorithm':
    case 'headers':
    case 'signature':
    case 'created':
    case 'expires':
      return name;
    // Stryker disable next-line ConditionalExpression: equivalent: an empty default falls out of the switch, and the function returns undefined all the same
    default:
      return undefined;
  }
}

function syntax(what: string, offset: number): SignatureHeaderError {
  return new SignatureHeaderError(
    // Stryker disable next-line StringLiteral: unobservable: the bank sends the message of a parse error, never its code (server/check-signature.ts)
    'ERR_SIGNATURE_HEADER_SYNTAX',
    `Signature header: ${what} at offset ${offset}`,
  );
}

/** The index of the first character at or after `i` that is not a space or a tab. */
function skipSpace(value: string, i: number): number {
  let at = i;
  while (at < value.length && (value.charCodeAt(at) === space || value.charCodeAt(at) === tab)) at += 1;
  return at;
}

const space = 0x20;
const tab = 0x09;
const equals = 0x3d;
const quoteMark = 0x22;
const backslash = 0x5c;
const comma = 0x2c;

function isAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** `[A-Za-z0-9_-]`: the characters of a parameter name after its first letter. */
function isNameChar(c: number): boolean {
  return isAlpha(c) || isDigit(c) || c === 0x5f || c === 0x2d;
}

/** An RFC 7230 `tchar`: the characters of an unquoted parameter value. */
const tokenSymbols = new Set([..."!#$%&'*+.^_`|~-"].map((c) => c.charCodeAt(0)));

function isTokenChar(c: number): boolean {
  return isAlpha(c) || isDigit(c) || tokenSymbols.has(c);
}
