/**
 * The secrets seen during a run, and their replacement in any text.
 *
 * The engine registers every token, refresh token, authorization code, code_verifier, OTP and private
 * key it handles; every report and log line then goes through {@link SecretSet.redact}. Each secret gets a
 * stable placeholder (`<redacted:access_token#1>`), so a reader can still see that two requests used
 * the same token without seeing the token.
 */

import type { CredentialKind } from '../../protocol/secret-fields.ts';

/** What a secret is; the placeholder names it: a credential field's kind, or a secret of the engine's own. */
export type SecretKind = CredentialKind | 'private_key' | 'authorization' | 'signature' | 'cookie';

/**
 * Values shorter than this are not registered: replacing every occurrence of, say, `12` in every body
 * would make reports unreadable, and no real credential is that short.
 */
export const minSecretLength = 4;

/** Length of the prefix used to find candidate secrets at each position of a text. */
const prefixLength = minSecretLength;

/**
 * A set of secrets with their placeholders.
 *
 * Besides the raw value it also matches the forms a value takes on the wire: percent-encoded (URL query,
 * form body, either hex case), JSON-escaped, and for PEM keys the base64 body without line breaks and
 * each of its lines. Limitation: a secret containing `<` or `>`, or one that is itself part of a
 * placeholder (`redacted`, `#1`), may remain visible through the placeholders that replace other secrets.
 */
export class SecretSet {
  readonly #placeholders = new Map<string, string>();
  readonly #counters = new Map<SecretKind, number>();
  /**
   * Every matched form of every secret, by its first {@link prefixLength} characters (as a number, see
   * {@link prefixKey}), longest first. Numeric keys let the scan look up each position without
   * allocating a substring: redaction runs over every transcript of a run.
   */
  readonly #byPrefix = new Map<number, string[]>();
  /** Matched form → placeholder. */
  readonly #forms = new Map<string, string>();

  /**
   * Registers a secret and returns its placeholder (the existing one when the value is already known).
   * Returns `undefined`, registering nothing, for values shorter than {@link minSecretLength} and for
   * values holding a placeholder.
   */
  add(kind: SecretKind, value: string): string | undefined {
    if (value.length < minSecretLength) return undefined;
    // Already-redacted text (a placeholder, or a value holding one) is not a secret: registering it
    // would make redacting a second time rewrite the placeholders themselves.
    if (value.includes('<redacted:')) return undefined;
    const known = this.#placeholders.get(value);
    if (known !== undefined) return known;
    const n = (this.#counters.get(kind) ?? 0) + 1;
    this.#counters.set(kind, n);
    const placeholder = `<redacted:${kind}#${n}>`;
    this.#placeholders.set(value, placeholder);
    for (const form of formsOf(kind, value)) this.#addForm(form, placeholder);
    return placeholder;
  }

  /** True when `value` is a registered secret. */
  has(value: string): boolean {
    return this.#placeholders.has(value);
  }

  /** The placeholder of a registered secret. */
  placeholderOf(value: string): string | undefined {
    return this.#placeholders.get(value);
  }

  /** Number of registered secrets. */
  get size(): number {
    return this.#placeholders.size;
  }

  /** Replaces every occurrence of every registered secret (in any of its forms) by its placeholder. */
  redact(text: string): string {
    if (this.#forms.size === 0 || text.length < minSecretLength) return text;
    let out = '';
    let copiedUpTo = 0;
    let i = 0;
    // Leftmost-longest scan: at each position try the candidates sharing its prefix, longest first.
    while (i <= text.length - prefixLength) {
      const candidates = this.#byPrefix.get(prefixKey(text, i));
      const match = candidates?.find((form) => text.startsWith(form, i));
      if (match === undefined) {
        i += 1;
        continue;
      }
      out += text.slice(copiedUpTo, i) + (this.#forms.get(match) ?? '');
      i += match.length;
      copiedUpTo = i;
    }
    return copiedUpTo === 0 ? text : out + text.slice(copiedUpTo);
  }

  #addForm(form: string, placeholder: string): void {
    if (form.length < minSecretLength || this.#forms.has(form)) return;
    this.#forms.set(form, placeholder);
    const prefix = prefixKey(form, 0);
    const list = this.#byPrefix.get(prefix) ?? [];
    list.push(form);
    list.sort((a, b) => b.length - a.length);
    this.#byPrefix.set(prefix, list);
  }
}

/**
 * The {@link prefixLength} UTF-16 units of `text` at `at` folded into one number. Two different prefixes
 * may share a key; that only adds a candidate, which `startsWith` then rejects.
 */
function prefixKey(text: string, at: number): number {
  let key = 0;
  for (let k = 0; k < prefixLength; k++) key = (Math.imul(key, 31) + text.charCodeAt(at + k)) | 0;
  return key;
}

/** The forms a secret value can take in URLs, form bodies, JSON and PEM files. */
function formsOf(kind: SecretKind, value: string): string[] {
  const percent = encodeURIComponent(value);
  const forms = [
    value,
    percent,
    percent.replace(/%20/g, '+'),
    lowerHex(percent),
    JSON.stringify(value).slice(1, -1),
    value.replace(/\r\n/g, '\n'),
  ];
  if (kind === 'private_key' || value.includes('-----BEGIN')) {
    const body = value
      .split(/\r?\n/)
      .filter((line) => line.length > 0 && !line.startsWith('-----'))
      .map((line) => line.trim());
    forms.push(body.join(''), ...body);
  }
  return forms;
}

function lowerHex(percentEncoded: string): string {
  return percentEncoded.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
}
