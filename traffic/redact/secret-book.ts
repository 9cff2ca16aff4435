import { ibanPlaceholder } from './iban.ts';
import { escapeRegExp } from '../../lib/escape-reg-exp.ts';

/** What a redacted value was; the placeholder names it so flows stay readable. */
export type SecretKind =
  | 'access-token'
  | 'refresh-token'
  | 'id-token'
  | 'code'
  | 'code-verifier'
  | 'client-secret'
  | 'registration-access-token'
  | 'signature'
  | 'otp'
  | 'password'
  | 'psu-id'
  | 'psu-ip'
  | 'name'
  | 'iban'
  | 'cookie'
  | 'journey';

/** Values shorter than this are not secrets worth a placeholder (and would match inside any text). */
const minimumLength = 3;

/**
 * What may not touch a secret for it to be a whole value: a letter, a digit or `-_~` next to it, or a
 * `.` between it and a letter or digit (a decimal part, a longer dotted name). A `.` ending a sentence,
 * quotes, `/`, `=`, `&`, spaces and commas delimit values.
 */
const notAfterValue = '(?<![A-Za-z0-9_~-]|[A-Za-z0-9]\\.)';
const notBeforeValue = '(?![A-Za-z0-9_~-]|\\.[A-Za-z0-9])';

/** `secrets` as one pattern matching each only as a whole value, longest first. */
function wholeValuePattern(secrets: Iterable<string>): RegExp {
  const alternatives = [...secrets].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return new RegExp(`${notAfterValue}(?:${alternatives.join('|')})${notBeforeValue}`, 'g');
}

/** Every placeholder the book hands out matches this (IBAN and IP stand-ins are listed in the book). */
const placeholderPattern = /REDACTED-[A-Z-]+-\d+/g;

/**
 * The secrets seen in a session and their stable placeholders.
 *
 * The same value always gets the same placeholder, across the whole file, so a token issued in one
 * exchange and used in the next still reads as "the same token". Replacement is one pass over a
 * combined pattern, longest secret first, so a placeholder is never rewritten by a shorter secret.
 *
 * A secret is replaced only as a whole value: a whole JSON string, header credential, query or form
 * value, path segment, or a whole token of free text, never a piece of a longer value (a card number
 * `123` must not rewrite the amount `123.45`, nor an IBAN the start of a longer reference).
 */
export class SecretBook {
  private readonly placeholders = new Map<string, string>();
  private readonly counters = new Map<SecretKind, number>();
  private pattern: RegExp | undefined;

  /** Registers `value` as a secret of `kind` and returns its placeholder (the same one on every call). */
  add(kind: SecretKind, value: string): string {
    const known = this.placeholders.get(value);
    if (known !== undefined) return known;
    if (value.length < minimumLength || this.isPlaceholder(value)) return value;
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    const placeholder =
      kind === 'iban'
        ? ibanPlaceholder(value, n)
        : kind === 'psu-ip'
          ? `192.0.2.${n % 255}`
          : `REDACTED-${kind.toUpperCase()}-${n}`;
    this.placeholders.set(value, placeholder);
    this.pattern = undefined;
    return placeholder;
  }

  /** True when `value` is one of the placeholders this book (or any book) writes. */
  isPlaceholder(value: string): boolean {
    if (/^REDACTED-[A-Z-]+-\d+$/.test(value)) return true;
    for (const placeholder of this.placeholders.values()) if (placeholder === value) return true;
    return false;
  }

  /** Every secret value registered so far. */
  secrets(): string[] {
    return [...this.placeholders.keys()];
  }

  /** The number of secrets registered. */
  get size(): number {
    return this.placeholders.size;
  }

  /** `text` with every registered secret that stands there as a whole value replaced by its placeholder. */
  replaceIn(text: string): string {
    if (this.placeholders.size === 0) return text;
    this.pattern ??= wholeValuePattern(this.placeholders.keys());
    return text.replace(this.pattern, (secret) => this.placeholders.get(secret) ?? secret);
  }

  /**
   * The registered secrets still present in `text` as whole values, once every placeholder is taken
   * out of it (the same reading as {@link replaceIn}: `123` inside the amount `123.45` is no leak).
   */
  leaksIn(text: string): string[] {
    let rest = text.replace(placeholderPattern, ' ');
    for (const placeholder of this.placeholders.values()) rest = rest.split(placeholder).join(' ');
    return this.secrets().filter((secret) => wholeValuePattern([secret]).test(rest));
  }
}
