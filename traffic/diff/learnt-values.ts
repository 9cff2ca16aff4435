import { createPkcePair } from '../../protocol/index.ts';
import type { Har, HarEntry, HarNameValue } from '../har/har.ts';
import { formOf, isRecord } from '../har/har-access.ts';
import { escapeRegExp } from '../../lib/escape-reg-exp.ts';

/** Values shorter than this are not learnt: they would be replaced inside unrelated text. */
const minimumLength = 3;

const base = 'https://placeholder.invalid';

/**
 * Values that describe rather than identify: a date, an instant or an amount. Two targets' lists
 * (transactions, balances) need not line up item by item, so such a value learnt at one position
 * would rewrite an unrelated later date or amount (a query's `dateTo`, a payment's amount).
 */
const descriptive = /^(-?\d+\.\d+|\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?)$/;

/**
 * A learnt value is replaced only as a whole token: not inside a longer run of URL-unreserved
 * characters (letters, digits, `-._~`). An entryReference `2026` learnt from a transaction list must
 * not rewrite the year of `dateTo=2026-09-05`. A percent escape before or after counts as a boundary.
 */
const tokenBefore = '(?<=^|[^A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})';
const tokenAfter = '(?=$|[^A-Za-z0-9._~-]|%[0-9A-Fa-f]{2})';

/** True for a value that reads as a URL or an absolute path (a link, a form action, a Location). */
function isUrlLike(value: string): boolean {
  return /^(https?:\/\/|\/)/.test(value) && URL.canParse(value, base);
}

/**
 * The values that differ by nature between a recording and another target (ids, tokens, codes,
 * journey ids, cookies), learnt from each answer so that the later requests of the recorded flow carry
 * the other target's values: recorded value → the other target's value.
 */
export class LearntValues {
  private readonly map = new Map<string, string>();

  /** Learns one string: a URL or path segment by segment and query value by value, else whole. */
  learnString(recorded: string, fresh: string): void {
    if (recorded === fresh || recorded.length < minimumLength || descriptive.test(recorded)) return;
    if (isUrlLike(recorded) && isUrlLike(fresh)) {
      const a = new URL(recorded, base);
      const b = new URL(fresh, base);
      const [sa, sb] = [a.pathname.split('/'), b.pathname.split('/')];
      if (sa.length === sb.length)
        sa.forEach((segment, i) =>
          this.learnString(decodeURIComponent(segment), decodeURIComponent(sb[i] ?? '')),
        );
      for (const [name, value] of a.searchParams) {
        const other = b.searchParams.get(name);
        if (other !== null) this.learnString(value, other);
      }
      return;
    }
    this.map.set(recorded, fresh);
  }

  /** Learns the string leaves found at the same place of two JSON values. */
  learnJson(recorded: unknown, fresh: unknown): void {
    if (typeof recorded === 'string' && typeof fresh === 'string') this.learnString(recorded, fresh);
    else if (Array.isArray(recorded) && Array.isArray(fresh))
      recorded.forEach((item, i) => this.learnJson(item, fresh[i]));
    else if (isRecord(recorded) && isRecord(fresh))
      for (const [key, child] of Object.entries(recorded)) this.learnJson(child, fresh[key]);
  }

  /**
   * Learns from two HTML pages (the PSU journey): the `action`, `href` and `value` attributes in
   * document order, when both pages have the same sequence of them (the journey id in a form action).
   */
  learnHtml(recorded: string, fresh: string): void {
    const attributes = (html: string): Array<[string, string]> =>
      [...html.matchAll(/\b(action|href|value)="([^"]*)"/g)].map((m) => [
        m[1] ?? '',
        unescapeHtml(m[2] ?? ''),
      ]);
    const [a, b] = [attributes(recorded), attributes(fresh)];
    if (a.length !== b.length || a.some(([name], i) => b[i]?.[0] !== name)) return;
    a.forEach(([, value], i) => this.learnString(value, b[i]?.[1] ?? ''));
  }

  /** Learns the `Location` and the cookies a response sets (by cookie name). */
  learnHeaders(recorded: readonly HarNameValue[], fresh: Readonly<Record<string, string | string[]>>): void {
    const all = (name: string): string[] => {
      const value = fresh[name];
      return value === undefined ? [] : Array.isArray(value) ? value : [value];
    };
    const recordedLocation = recorded.find((h) => h.name.toLowerCase() === 'location')?.value;
    const freshLocation = all('location')[0];
    if (recordedLocation !== undefined && freshLocation !== undefined)
      this.learnString(recordedLocation, freshLocation);
    const cookies = new Map(all('set-cookie').map(cookiePair));
    for (const header of recorded)
      if (header.name.toLowerCase() === 'set-cookie') {
        const [name, value] = cookiePair(header.value);
        const other = cookies.get(name);
        if (other !== undefined) this.learnString(value, other);
      }
  }

  /** True when `recorded` has a value at the other target. */
  has(recorded: string): boolean {
    return this.map.has(recorded);
  }

  /** Learns a value obtained otherwise (a fresh token for a call whose token predates the recording). */
  set(recorded: string, fresh: string): void {
    this.map.set(recorded, fresh);
  }

  /**
   * Makes new PKCE pairs for a recording whose `code_verifier`s were redacted (a placeholder cannot be
   * sent: the other target would check it against the recorded challenge). A redacted verifier that the
   * recording exchanged successfully was right: it gets a fresh verifier and its authorize request's
   * challenge the matching fresh challenge (the authorize whose journey redirected with the exchanged
   * code, else the last one before). A redacted verifier the recording only ever saw refused may have
   * been wrong on purpose: it gets a fresh random value that matches no challenge, so it stays wrong.
   * Verifiers in clear are sent as recorded. Returns the indexes of the token exchanges kept wrong.
   */
  learnPkce(har: Har): Set<number> {
    const entries = har.log.entries;
    const keptWrong = new Set<number>();
    const redacted = (value: string | undefined): value is string =>
      value !== undefined && /^REDACTED-[A-Z-]+-\d+$/.test(value);
    const succeeded = new Set<string>();
    for (const entry of entries) {
      const verifier = formOf(entry.request.postData).get('code_verifier');
      if (redacted(verifier) && entry.response.status === 200) succeeded.add(verifier);
    }
    entries.forEach((entry, index) => {
      const form = formOf(entry.request.postData);
      const verifier = form.get('code_verifier');
      if (!redacted(verifier)) return;
      if (!succeeded.has(verifier)) {
        keptWrong.add(index);
        if (!this.map.has(verifier)) this.map.set(verifier, createPkcePair().verifier);
        return;
      }
      const challenge = challengeOf(entries, index, form.get('code'));
      if (this.map.has(verifier) || challenge === undefined || this.map.has(challenge)) return;
      const fresh = createPkcePair();
      this.map.set(verifier, fresh.verifier);
      this.map.set(challenge, fresh.challenge);
    });
    return keptWrong;
  }

  /**
   * `text` with every learnt value replaced in one pass, longest first (a value never rewrites part of
   * a longer one), each only as a whole token (see `tokenBefore`). One pass: a replacement is never
   * scanned again, so a short learnt value that happens to occur inside another target's value (a
   * digit run inside a fresh payment id or IBAN) cannot corrupt it.
   */
  apply(text: string): string {
    if (this.map.size === 0) return text;
    const keys = [...this.map.keys()].sort((a, b) => b.length - a.length);
    const alternatives = keys.map(escapeRegExp).join('|');
    const pattern = new RegExp(`${tokenBefore}(?:${alternatives})${tokenAfter}`, 'g');
    return text.replace(pattern, (found) => this.map.get(found) ?? found);
  }
}

/**
 * The S256 challenge the token exchange at `index` answers: that of the last authorize request (with a
 * `code_challenge`) before the journey answer that redirected with `code`, else before the exchange.
 */
function challengeOf(
  entries: readonly HarEntry[],
  index: number,
  code: string | undefined,
): string | undefined {
  const redirectedAt =
    code === undefined
      ? -1
      : entries.findIndex((e, i) => {
          if (i >= index) return false;
          const location =
            e.response.redirectURL ||
            (e.response.headers.find((h) => h.name.toLowerCase() === 'location')?.value ?? '');
          return URL.canParse(location, base) && new URL(location, base).searchParams.get('code') === code;
        });
  const before = redirectedAt >= 0 ? redirectedAt : index - 1;
  for (let i = before; i >= 0; i -= 1) {
    const url = entries[i]?.request.url;
    const challenge = url === undefined ? null : new URL(url).searchParams.get('code_challenge');
    if (challenge !== null) return challenge;
  }
  return undefined;
}

function cookiePair(header: string): [string, string] {
  const pair = header.split(';', 1)[0] ?? '';
  const eq = pair.indexOf('=');
  return eq < 0 ? [pair.trim(), ''] : [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
