/**
 * What the model reads of a bank's answer, and nothing more: the status, the parsed body and the
 * headers. The seed shows no error body ("Error response body shape: not shown") but says "Errors
 * carry a code", so a code is found wherever the body carries it as a string value (or, for the
 * OAuth `invalid_token`, in `WWW-Authenticate`), under any of the seed's spellings.
 */
import type { HttpExchange } from '../client/stet-client.ts';

/** The part of an {@link HttpExchange} the constraints judge (tests build it directly). */
export interface Answer {
  status: number;
  json: unknown;
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** The seed's other spellings of a code ("NIMP (also written ISPM)", "TMRQ (also written TQMR)"). */
const aliases: Readonly<Record<string, readonly string[]>> = {
  NIMP: ['NIMP', 'ISPM'],
  TMRQ: ['TMRQ', 'TQMR'],
};

/** The own property `name` of a parsed JSON object, or undefined. */
export function fieldOf(body: unknown, name: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const value: unknown = Object.getOwnPropertyDescriptor(body, name)?.value;
  return value;
}

/** Every string value of a parsed JSON body, at any depth. */
export function stringValues(body: unknown): string[] {
  if (typeof body === 'string') return [body];
  if (Array.isArray(body)) return body.flatMap((item: unknown) => stringValues(item));
  if (typeof body === 'object' && body !== null)
    return Object.values(body).flatMap((item: unknown) => stringValues(item));
  return [];
}

/** The answer carries `code` (or one of its seed spellings) as a body string value or in WWW-Authenticate. */
export function carriesCode(answer: Answer, code: string): boolean {
  const spellings = aliases[code] ?? [code];
  const values = stringValues(answer.json);
  if (values.some((value) => spellings.includes(value.trim()))) return true;
  const challenge = answer.headers['www-authenticate'];
  const text = Array.isArray(challenge) ? challenge.join(' ') : (challenge ?? '');
  return spellings.some((spelling) => new RegExp(`\\b${spelling}\\b`).test(text));
}

/** A refusal: a 4xx status (the seed gives no other status for the refusals the model judges). */
export function isRefusal(answer: Answer): boolean {
  return answer.status >= 400 && answer.status < 500;
}

/** A short quotation of an exchange for a finding: status and the start of the body. */
export function quoteExchange(exchange: HttpExchange | undefined): string {
  if (exchange === undefined) return '';
  const body = exchange.text.length > 240 ? `${exchange.text.slice(0, 240)}…` : exchange.text;
  return `${exchange.entry.request.method} ${exchange.entry.request.url} → ${exchange.status} ${body}`.trim();
}
