/**
 * Request signing as an undici interceptor (`agent.compose(signingInterceptor(…))`): every request
 * dispatched through the composed dispatcher leaves with `X-Request-ID`, `Date`, `Digest` and the
 * TPP's `Signature` over the institution's policy headers, unless the request says `signing:
 * 'unsigned'` (the sandbox control API, the PSU's pages). Callers never sign by hand.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { signHeaders, type SealKey, type SignInput, type SigningPolicy } from './request-signer.ts';

/** A request's signing: a variation of the policy (`{}` for none), or none at all. */
export type RequestSigning = SigningPolicy | 'unsigned';

/**
 * The dispatch options the interceptor reads besides undici's own: pass them to `request()` or
 * `dispatcher.request()` alongside `method`, `headers` and `body`.
 */
export interface SigningDispatchOptions {
  /** How to sign this request; absent: the institution's policy. */
  signing?: RequestSigning | undefined;
  /**
   * Send the body with Transfer-Encoding: chunked and no Content-Length: signed and digested as a
   * whole first, then handed to undici as a stream (whose length it does not know).
   */
  chunked?: boolean | undefined;
  /** Told the headers exactly as they leave (after signing), for transcripts. */
  onHeaders?: ((headers: Readonly<Record<string, string>>) => void) | undefined;
  /**
   * Header lines sent after the signed ones, unsigned and not in `onHeaders`'s record: a header
   * sent twice (a transport case). undici refuses a second Host: `StetClient` sends such a request
   * itself.
   */
  duplicateHeaders?: Readonly<Record<string, string>> | undefined;
}

/** What {@link signingInterceptor} signs with. */
export interface SigningInterceptorOptions {
  /** The TPP's QSEAL. */
  key: SealKey;
  /** The institution's signature headers (contracts §4). */
  policy: readonly string[];
}

/**
 * An interceptor that signs each request with `key` per `policy`, or per the request's
 * {@link SigningDispatchOptions}. Bodies must be strings or bytes: a stream cannot be digested
 * before it is sent.
 */
export function signingInterceptor(
  options: SigningInterceptorOptions,
): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts: Dispatcher.DispatchOptions & SigningDispatchOptions, handler) => {
    const headers = headerRecord(opts.headers);
    headers['x-request-id'] ??= randomUUID();
    const body = opts.body ?? '';
    if (typeof body !== 'string' && !(body instanceof Uint8Array))
      throw new TypeError('the signing interceptor needs a string or byte body to compute its Digest');
    const sent = headersToSend({
      method: opts.method,
      path: opts.path,
      headers,
      body,
      key: options.key,
      policy: options.policy,
      signing: opts.signing ?? {},
    });
    opts.onHeaders?.(sent);
    // What is this interceptor's own stays here: the dispatchers below see a plain undici request.
    const { signing: _signing, onHeaders: _onHeaders, duplicateHeaders, chunked, ...plain } = opts;
    const sentBody = chunked === true ? Readable.from([Buffer.from(body)]) : plain.body;
    // A flat list of lines is the only form in which undici sends one name twice.
    const lines =
      duplicateHeaders === undefined
        ? sent
        : [...Object.entries(sent), ...Object.entries(duplicateHeaders)].flat();
    return dispatch({ ...plain, headers: lines, body: sentBody }, handler);
  };
}

/**
 * The headers a request leaves with: as given when `signing` is `'unsigned'`, else with `Date`,
 * `Digest` and `Signature` per the policy and its variation ({@link signHeaders}).
 */
export function headersToSend(
  input: Omit<SignInput, 'signing'> & { readonly signing: RequestSigning },
): Record<string, string> {
  const { signing, ...rest } = input;
  return signing === 'unsigned' ? { ...input.headers } : signHeaders({ ...rest, signing });
}

/** undici's header forms (record, flat array, pairs) as one record of lower-case names. */
function headerRecord(headers: Dispatcher.DispatchOptions['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (name: string, value: string | readonly string[] | undefined): void => {
    if (value !== undefined) out[name.toLowerCase()] = typeof value === 'string' ? value : value.join(', ');
  };
  if (headers === null || headers === undefined) return out;
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) put(String(headers[i]), String(headers[i + 1]));
  } else if (Symbol.iterator in headers) {
    for (const [name, value] of headers as Iterable<[string, string | string[] | undefined]>)
      put(name, value);
  } else {
    for (const [name, value] of Object.entries(headers)) put(name, value);
  }
  return out;
}
