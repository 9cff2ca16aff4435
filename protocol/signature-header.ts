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
    super(code, message, {
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

const known = new Set(['keyid', 'algorithm', 'headers', 'signature', 'created', 'expires']);

/**
 * Parses a `Signature` header value; throws {@link SignatureHeaderError} on any malformation.
 *
 * Parameter names are case-insensitive; unknown parameters are ignored, as the draft requires.
 * Without `headers`, the draft's default `(created)` applies.
 */
export function parseSignatureHeader(value: string): ParsedSignature {
  if (value.trim() === '')
    throw new SignatureHeaderError('ERR_SIGNATURE_HEADER_EMPTY', 'empty Signature header');
  const params = splitParams(value);
  const keyId = params.get('keyid');
  const signature = params.get('signature');
  if (keyId === undefined) throw missing('keyId');
  if (signature === undefined) throw missing('signature');
  if (keyId === '') throw empty('keyId');
  if (signature === '') throw empty('signature');
  const headersParam = params.get('headers');
  if (headersParam !== undefined && headersParam.trim() === '') throw empty('headers');
  const headers = (headersParam ?? '(created)').trim().toLowerCase().split(/ +/);
  return {
    keyId,
    algorithm: params.get('algorithm'),
    headers,
    signature,
    created: timestamp(params, 'created'),
    expires: timestamp(params, 'expires'),
  };
}

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

function missing(name: string): SignatureHeaderError {
  return new SignatureHeaderError(
    'ERR_SIGNATURE_HEADER_MISSING_PARAM',
    `Signature header has no ${name} parameter`,
  );
}

function empty(name: string): SignatureHeaderError {
  return new SignatureHeaderError(
    'ERR_SIGNATURE_HEADER_EMPTY_PARAM',
    `Signature header ${name} parameter is empty`,
  );
}

function timestamp(params: Map<string, string>, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,15}$/.test(raw)) {
    throw new SignatureHeaderError(
      'ERR_SIGNATURE_HEADER_BAD_TIMESTAMP',
      `${name} is not a Unix time: ${raw}`,
    );
  }
  return Number(raw);
}

/** Splits `name="value", name=token` pairs; quoted strings may contain commas and `\` escapes. */
function splitParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  let i = 0;
  const syntax = (what: string): SignatureHeaderError =>
    new SignatureHeaderError('ERR_SIGNATURE_HEADER_SYNTAX', `Signature header: ${what} at offset ${i}`);
  const skipSpace = (): void => {
    while (value[i] === ' ' || value[i] === '\t') i += 1;
  };
  for (;;) {
    skipSpace();
    const nameMatch = /^[A-Za-z][A-Za-z0-9_-]*/.exec(value.slice(i));
    if (nameMatch === null) throw syntax('expected a parameter name');
    const name = nameMatch[0].toLowerCase();
    i += nameMatch[0].length;
    skipSpace();
    if (value[i] !== '=') throw syntax(`expected "=" after ${nameMatch[0]}`);
    i += 1;
    skipSpace();
    let paramValue = '';
    if (value[i] === '"') {
      i += 1;
      for (;;) {
        const c = value[i];
        if (c === undefined) throw syntax('unterminated quoted string');
        if (c === '"') break;
        if (c === '\\') {
          const next = value[i + 1];
          if (next === undefined) throw syntax('unterminated escape');
          paramValue += next;
          i += 2;
        } else {
          paramValue += c;
          i += 1;
        }
      }
      i += 1;
    } else {
      const token = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+/.exec(value.slice(i));
      if (token === null) throw syntax(`expected a value for ${nameMatch[0]}`);
      paramValue = token[0];
      i += token[0].length;
    }
    if (known.has(name)) {
      if (params.has(name)) {
        throw new SignatureHeaderError(
          'ERR_SIGNATURE_HEADER_DUPLICATE_PARAM',
          `Signature header repeats ${nameMatch[0]}`,
        );
      }
      params.set(name, paramValue);
    }
    skipSpace();
    if (i >= value.length) return params;
    if (value[i] !== ',') throw syntax('expected ","');
    i += 1;
  }
}
