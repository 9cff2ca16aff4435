import type { ParsedSignature, SignatureHeaderLimits } from '../../protocol/signature-header.ts';

/** `name=value` pairs: a quoted value may hold escapes and may be left open (closed at the end). */
const parameter = /([A-Za-z][A-Za-z0-9_-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"?|([^,\s]*))/g;

/**
 * Reads a Signature header the way a lenient bank does (choice TRN-SIGNATURE-HEADER-GRAMMAR of the
 * alternate bank): every `name=value` pair it can find, the last of a repeated parameter winning, a
 * quote left open closed at the end, a created or expires that is not an integer read as absent. Only
 * a header without keyId or signature, or with a headers list `limits` refuses, is unreadable.
 */
export function lenientSignatureHeader(value: string, limits: SignatureHeaderLimits): ParsedSignature {
  const params = new Map<string, string>();
  for (const match of value.matchAll(parameter)) {
    const [, name = '', quoted, token] = match;
    params.set(name.toLowerCase(), quoted === undefined ? (token ?? '') : quoted.replace(/\\(.)/g, '$1'));
  }
  const keyId = params.get('keyid') ?? '';
  const signature = params.get('signature') ?? '';
  if (keyId === '' || signature === '') throw new Error('Signature header has no keyId or signature');
  const listed = params.get('headers')?.trim();
  if (listed === '' && limits.emptyHeaders === 'refuse')
    throw new Error('Signature header headers parameter is empty');
  return {
    keyId,
    algorithm: params.get('algorithm'),
    headers: (listed === undefined || listed === '' ? '(created)' : listed).toLowerCase().split(/ +/),
    signature,
    created: unixSeconds(params.get('created'), limits),
    expires: unixSeconds(params.get('expires'), limits),
  };
}

function unixSeconds(raw: string | undefined, limits: SignatureHeaderLimits): number | undefined {
  return raw !== undefined && /^\d+$/.test(raw) && raw.length <= limits.timestampDigits
    ? Number(raw)
    : undefined;
}
