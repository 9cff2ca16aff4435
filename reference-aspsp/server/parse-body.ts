import type { IncomingHttpHeaders } from 'node:http';
import type { Choices } from '../choices/index.ts';
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

/** A body to parse: the route's `body` kind, the request's headers and its bytes. */
export interface BodyToParse {
  readonly kind: 'json' | 'form' | 'none';
  readonly headers: IncomingHttpHeaders;
  readonly raw: Buffer;
}

/**
 * Parses the body for a route's `body` kind: `json` needs a JSON media type (as the bank reads it:
 * BAD-MEDIA-TYPE-FORMS) and one valid JSON value; `form` needs `application/x-www-form-urlencoded`.
 * Another media type is the bank's refusal (BAD-WRONG-CONTENT-TYPE), anything else `400 FF01` (seed:
 * Errors, "request body format incorrect"); a 5xx only where the bank's reader breaks (BAD-NEVER-5XX).
 */
export function parseBody(request: BodyToParse, choices: Choices): ParsedBody {
  const { kind, headers, raw } = request;
  const refuseMediaType = choices.of('BAD-WRONG-CONTENT-TYPE');
  if (kind === 'form') {
    if (mediaType(headers['content-type']) !== 'application/x-www-form-urlencoded')
      throw refuseMediaType('expected application/x-www-form-urlencoded');
    return { body: undefined, form: new URLSearchParams(raw.toString('utf8')) };
  }
  // Only `json` reads a body: a kind that is neither (`none`) gets none.
  if (kind !== 'json') return noBody;
  // An empty body is the seed's 400 FF01 whatever it is labelled: checked before the media type.
  if (raw.length === 0) throw ff01('empty body');
  if (!choices.of('BAD-MEDIA-TYPE-FORMS')(headers['content-type']))
    throw refuseMediaType('expected application/json');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw ff01('body is not UTF-8');
  }
  const depthLimit = choices.of('BAD-JSON-DEPTH');
  if (jsonDepthExceeds(text, depthLimit)) throw ff01(`JSON nested deeper than ${depthLimit} levels`);
  // A reader that breaks on deep nesting fails as a bug does: 500 INTE.
  if (jsonDepthExceeds(text, choices.of('BAD-NEVER-5XX')))
    throw new RangeError('JSON nesting overflows the reader');
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
