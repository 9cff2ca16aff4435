import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from './api-error.ts';

/** The body of a route as the handler gets it. */
export interface ParsedBody {
  readonly body: unknown;
  readonly form: URLSearchParams;
}

const noBody: ParsedBody = { body: undefined, form: new URLSearchParams() };

/**
 * Deepest nesting of arrays and objects a JSON body may have. STET bodies nest about six levels; a
 * body thousands of levels deep parses, but then overflows what reads it later (PostgreSQL's jsonb,
 * recursive validators) and answered 500.
 */
export const maxJsonDepth = 64;

/**
 * Parses the body for a route's `body` kind: `json` needs `Content-Type: application/json` and one
 * valid JSON value; `form` needs `application/x-www-form-urlencoded`. Anything else is `400 FF01`
 * (seed: Errors, "request body format incorrect"), never a 5xx.
 */
export function parseBody(
  kind: 'json' | 'form' | 'none',
  headers: IncomingHttpHeaders,
  raw: Buffer,
): ParsedBody {
  if (kind === 'form') {
    if (mediaType(headers['content-type']) !== 'application/x-www-form-urlencoded')
      throw ff01('expected application/x-www-form-urlencoded');
    return { body: undefined, form: new URLSearchParams(raw.toString('utf8')) };
  }
  // Only `json` reads a body: a kind that is neither (`none`) gets none.
  if (kind !== 'json') return noBody;
  if (mediaType(headers['content-type']) !== 'application/json') throw ff01('expected application/json');
  if (raw.length === 0) throw ff01('empty body');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw ff01('body is not UTF-8');
  }
  if (jsonDepthExceeds(text, maxJsonDepth)) throw ff01(`JSON nested deeper than ${maxJsonDepth} levels`);
  try {
    return { body: JSON.parse(text), form: noBody.form };
  } catch {
    throw ff01('malformed JSON');
  }
}

/** The media type of a Content-Type value, lower-cased, without parameters. */
export function mediaType(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  // Stryker disable next-line OptionalChaining: equivalent: split always returns at least one part
  return value.split(';')[0]?.trim().toLowerCase();
}

/**
 * True when the brackets of `text` nest deeper than `limit` (outside strings). Scans the text once,
 * before `JSON.parse` builds anything; malformed text is left to `JSON.parse` to refuse.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const c of text) {
    if (inString) {
      if (escaped)
        escaped = false; // the character after a backslash never ends the string
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === ']' || c === '}') depth -= 1;
  }
  return false;
}

function ff01(detail: string): ApiError {
  return new ApiError('FF01', { detail });
}
