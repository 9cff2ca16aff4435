/**
 * The draft-cavage-http-signatures-12 signing string, shared by signer and verifier.
 */
import { joinedHeaderValue, type HeaderBag } from './header-bag.ts';

/** What the signing string is built from. */
export interface SigningInput {
  /** HTTP method, any case; lower-cased in `(request-target)`. */
  method: string;
  /** Path with its query string exactly as sent (`/stet/psd2/v1/accounts?page=2`). */
  path: string;
  headers: HeaderBag;
  /** Lower-cased field names (and pseudo-headers) to cover, in order. */
  headerNames: readonly string[];
  /** Value of the `created` parameter, needed when `(created)` is covered. */
  created?: number | undefined;
  /** Value of the `expires` parameter, needed when `(expires)` is covered. */
  expires?: number | undefined;
}

/** The signing string, or the first covered header that is absent from the request. */
export type SigningStringResult = { ok: true; value: string } | { ok: false; missingHeader: string };

/**
 * Builds the signing string: one `name: value` line per covered header, joined by `\n`.
 *
 * Several instances of one field are joined with `, ` in transmission order and each value is
 * trimmed, as the draft (section 2.3) says. `(request-target)` is the lower-cased method, a space and
 * the path with query.
 */
export function buildSigningString(input: SigningInput): SigningStringResult {
  // One string grown line by line, no list of lines: the reference builds one per resource call.
  let value = '';
  for (let i = 0; i < input.headerNames.length; i += 1) {
    const name = (input.headerNames[i] ?? '').toLowerCase();
    let line: string;
    if (name === '(request-target)') {
      line = `${name}: ${input.method.toLowerCase()} ${input.path}`;
    } else if (name === '(created)' || name === '(expires)') {
      const stamp = name === '(created)' ? input.created : input.expires;
      if (stamp === undefined) return { ok: false, missingHeader: name };
      line = `${name}: ${stamp}`;
    } else {
      const joined = joinedHeaderValue(input.headers, name);
      if (joined === undefined) return { ok: false, missingHeader: name };
      line = `${name}: ${joined}`;
    }
    value = i === 0 ? line : `${value}\n${line}`;
  }
  return { ok: true, value };
}
