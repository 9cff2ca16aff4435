import { createHash, randomBytes } from 'node:crypto';
import type { Har, HarNameValue } from '../har/har.ts';
import { formOf, isRecord } from '../har/har-access.ts';

/** Values shorter than this are not learnt: they would be replaced inside unrelated text. */
const minimumLength = 3;

const base = 'https://placeholder.invalid';

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
    if (recorded === fresh || recorded.length < minimumLength) return;
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

  /**
   * Makes new PKCE pairs for a recording whose `code_verifier`s were redacted (a placeholder cannot be
   * sent: the other target would check it against the recorded challenge). Each authorize request with
   * an S256 `code_challenge` is paired with the next token request carrying a redacted `code_verifier`;
   * both get a fresh verifier and its challenge.
   */
  learnPkce(har: Har): void {
    const entries = har.log.entries;
    entries.forEach((entry, index) => {
      const challenge = new URL(entry.request.url).searchParams.get('code_challenge');
      if (challenge === null) return;
      const exchange = entries
        .slice(index + 1)
        .map((e) => formOf(e.request.postData).get('code_verifier'))
        .find((v) => v !== undefined);
      if (exchange === undefined || !/^REDACTED-[A-Z-]+-\d+$/.test(exchange) || this.map.has(exchange))
        return;
      const verifier = randomBytes(32).toString('base64url');
      this.map.set(exchange, verifier);
      this.map.set(challenge, createHash('sha256').update(verifier).digest('base64url'));
    });
  }

  /**
   * `text` with every learnt value replaced in one pass, longest first (a value never rewrites part of
   * a longer one). One pass: a replacement is never scanned again, so a short learnt value that happens
   * to occur inside another target's value (a digit run inside a fresh payment id or IBAN) cannot
   * corrupt it.
   */
  apply(text: string): string {
    if (this.map.size === 0) return text;
    const keys = [...this.map.keys()].sort((a, b) => b.length - a.length);
    const pattern = new RegExp(keys.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
    return text.replace(pattern, (found) => this.map.get(found) ?? found);
  }
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
