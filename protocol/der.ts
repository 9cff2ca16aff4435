/**
 * Minimal DER (ASN.1 Distinguished Encoding Rules) reader and writer.
 *
 * Just enough for X.509 certificates and the ETSI QCStatements extension: tag-length-value records,
 * OBJECT IDENTIFIER, the string types certificates use, and SEQUENCE. Definite lengths only, as DER
 * requires; anything else is reported as {@link DerError} rather than guessed at.
 */
import { CodedError } from '../lib/coded-error.ts';

/** Raised when bytes are not well-formed DER, or not the type the caller expected. */
export class DerError extends CodedError<'ERR_DER_MALFORMED'> {
  // Stryker disable next-line all: unobservable: the bank turns a DerError into its own refusal (tools/mutation/caught-error-ignorer.mjs)
  constructor(message: string) {
    // Stryker disable next-line all: unobservable: the bank turns a DerError into its own refusal
    super('ERR_DER_MALFORMED', message, { hint: 'the ASN.1 structure is truncated or not DER' });
  }
}

/** Universal tags used here (with the constructed bit where the type is always constructed). */
export const Tag = {
  Boolean: 0x01,
  Integer: 0x02,
  BitString: 0x03,
  OctetString: 0x04,
  Null: 0x05,
  Oid: 0x06,
  Utf8String: 0x0c,
  PrintableString: 0x13,
  TeletexString: 0x14,
  Ia5String: 0x16,
  UtcTime: 0x17,
  GeneralizedTime: 0x18,
  BmpString: 0x1e,
  Sequence: 0x30,
  Set: 0x31,
} as const;

/** One decoded tag-length-value record; `content` is a view into the input. */
export interface Tlv {
  tag: number;
  content: Uint8Array;
  /** Offset just past this record in the input it was read from. */
  end: number;
}

/** Reads one record starting at `offset`; throws {@link DerError} when it does not fit. */
export function readTlv(bytes: Uint8Array, offset = 0): Tlv {
  const tag = bytes[offset];
  if (tag === undefined) throw new DerError('unexpected end of input (tag)');
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not supported');
  const first = bytes[offset + 1];
  if (first === undefined) throw new DerError('unexpected end of input (length)');
  let length: number;
  let start: number;
  if (first < 0x80) {
    length = first;
    start = offset + 2;
  } else {
    const count = first & 0x7f;
    if (count === 0) throw new DerError('indefinite length is not DER');
    if (count > 4) throw new DerError('length too large');
    length = 0;
    for (let i = 0; i < count; i += 1) {
      const b = bytes[offset + 2 + i];
      if (b === undefined) throw new DerError('unexpected end of input (long length)');
      length = length * 256 + b;
    }
    start = offset + 2 + count;
  }
  const end = start + length;
  if (end > bytes.length) throw new DerError(`record of ${length} bytes runs past the end of input`);
  return { tag, content: bytes.subarray(start, end), end };
}

/** Reads exactly one record filling `bytes` entirely. */
export function readSingle(bytes: Uint8Array): Tlv {
  const tlv = readTlv(bytes, 0);
  if (tlv.end !== bytes.length) throw new DerError('trailing bytes after the record');
  return tlv;
}

/** Splits the content of a constructed value (SEQUENCE, SET, context tag) into its records. */
export function readChildren(content: Uint8Array): Tlv[] {
  const children: Tlv[] = [];
  let offset = 0;
  while (offset < content.length) {
    const child = readTlv(content, offset);
    children.push(child);
    offset = child.end;
  }
  return children;
}

/** Asserts a record's tag; `what` names the field for the error message. */
export function expectTag(tlv: Tlv | undefined, tag: number, what: string): Tlv {
  if (tlv === undefined) throw new DerError(`${what}: missing`);
  if (tlv.tag !== tag) {
    throw new DerError(`${what}: expected tag 0x${tag.toString(16)}, found 0x${tlv.tag.toString(16)}`);
  }
  return tlv;
}

/** Decodes OBJECT IDENTIFIER content into dotted form. */
export function decodeOid(content: Uint8Array): string {
  if (content.length === 0) throw new DerError('empty OBJECT IDENTIFIER');
  const arcs: number[] = [];
  let value = 0;
  for (let i = 0; i < content.length; i += 1) {
    const b = content[i] ?? 0;
    if (value === 0 && b === 0x80) throw new DerError('OBJECT IDENTIFIER arc with a leading 0x80');
    value = value * 128 + (b & 0x7f);
    if (value > Number.MAX_SAFE_INTEGER / 128) throw new DerError('OBJECT IDENTIFIER arc too large');
    if ((b & 0x80) === 0) {
      arcs.push(value);
      value = 0;
    } else if (i === content.length - 1) {
      throw new DerError('OBJECT IDENTIFIER ends inside an arc');
    }
  }
  const head = arcs[0] ?? 0;
  // X.690 8.19.4: the first subidentifier is 40 × the first arc + the second; the first arc is 0, 1 or 2.
  const first = Math.min(Math.floor(head / 40), 2);
  return [first, head - first * 40, ...arcs.slice(1)].join('.');
}

/** Decodes the string types found in certificates (UTF8, Printable, IA5, Teletex as Latin-1, BMP). */
export function decodeString(tlv: Tlv, what: string): string {
  switch (tlv.tag) {
    case Tag.Utf8String: {
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(tlv.content);
      } catch {
        throw new DerError(`${what}: invalid UTF-8`);
      }
    }
    case Tag.PrintableString:
    case Tag.Ia5String:
    case Tag.TeletexString:
      return Buffer.from(tlv.content).toString('latin1');
    case Tag.BmpString:
      if (tlv.content.length % 2 !== 0) throw new DerError(`${what}: BMPString of odd length`);
      return Buffer.from(tlv.content).swap16().toString('utf16le');
    default:
      throw new DerError(`${what}: not a string (tag 0x${tlv.tag.toString(16)})`);
  }
}

// Stryker disable all: the issuing side (pki/issue-certificate.ts writes the demo and test certificates with it): the bank never runs it while serving, so no conformance case can reach it (test/unit/protocol/qc-statements.test.ts does)
/** Encodes one record. */
export function encodeTlv(tag: number, content: Uint8Array): Uint8Array {
  const n = content.length;
  let header: number[];
  if (n < 0x80) header = [tag, n];
  else {
    const lengthBytes: number[] = [];
    for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) lengthBytes.unshift(rest % 256);
    header = [tag, 0x80 | lengthBytes.length, ...lengthBytes];
  }
  const out = new Uint8Array(header.length + n);
  out.set(header, 0);
  out.set(content, header.length);
  return out;
}

/** Encodes a SEQUENCE of already-encoded records. */
export function encodeSequence(children: readonly Uint8Array[]): Uint8Array {
  return encodeTlv(Tag.Sequence, Buffer.concat(children));
}

/** Encodes a UTF8String. */
export function encodeUtf8(value: string): Uint8Array {
  return encodeTlv(Tag.Utf8String, new TextEncoder().encode(value));
}

/** Encodes a dotted OBJECT IDENTIFIER; throws {@link DerError} on a malformed one. */
export function encodeOid(oid: string): Uint8Array {
  if (!/^[0-2](\.(0|[1-9]\d*))+$/.test(oid)) throw new DerError(`not a dotted OID: ${oid}`);
  const arcs = oid.split('.').map(Number);
  const [a = 0, b = 0, ...rest] = arcs;
  if (a < 2 && b >= 40) throw new DerError(`second arc of ${oid} must be below 40`);
  const bytes: number[] = [];
  for (const arc of [a * 40 + b, ...rest]) {
    const group: number[] = [arc % 128];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) group.unshift(0x80 | (v % 128));
    bytes.push(...group);
  }
  return encodeTlv(Tag.Oid, Uint8Array.from(bytes));
}
// Stryker restore all
