/**
 * Runs a `request` step: builds the path (template or a captured `_links` href), the PSU-* and
 * Authorization headers, picks the certificate and signing policy (with the transport overrides of
 * the step), refreshes an expired access token first, and sends it.
 */
import type { HttpExchange, OutgoingRequest, SigningPolicy } from '../../client/stet-client.ts';
import { CodedError } from '../../../lib/coded-error.ts';
import type { RequestAction } from '../../suite/suite-definition.ts';
import { bodyExcerpt } from '../body-excerpt.ts';
import { caseNow, fillDeep, fillText, lookup, type CaseContext } from '../case-context.ts';
import type { CheckFailure } from '../check-value.ts';
import { needsRefresh } from '../token-set.ts';
import { outcomeOf, type StepRun } from './step-run.ts';
import { refreshTokens } from './token-step.ts';

/** The PSU-* headers of a connected PSU (seed: Endpoints, headers used on resource calls). */
export function psuHeaders(ctx: CaseContext, method: string): Record<string, string> {
  return {
    'psu-ip-address': '192.0.2.10',
    'psu-ip-port': '443',
    'psu-http-method': method,
    'psu-date': caseNow(ctx).toUTCString(),
    'psu-user-agent': 'stet-harness (PSU browser)',
    'psu-accept': 'application/json',
  };
}

/** Sends the request of `action`. */
export async function runRequestStep(ctx: CaseContext, action: RequestAction): Promise<StepRun> {
  const exchanges: HttpExchange[] = [];
  if (
    action.auth === 'token' &&
    action.token === undefined &&
    ctx.tokens !== undefined &&
    needsRefresh(ctx.tokens, Date.now())
  ) {
    exchanges.push(await refreshTokens(ctx));
  }
  const resolved = resolvePath(ctx, action);
  if (typeof resolved !== 'string') return { outcome: undefined, exchanges, failure: resolved };
  const path = withQuery(resolved, action, ctx);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (!action.withoutPsuIp) Object.assign(headers, psuHeaders(ctx, action.method));
  if (action.auth === 'token') {
    const token = action.token === undefined ? ctx.tokens?.accessToken : fillText(ctx, action.token);
    if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  }
  let body: string | Uint8Array | undefined;
  if (action.bodyBytes !== undefined) {
    body = action.bodyBytes;
    headers['content-type'] = action.contentType ?? 'application/json';
  } else if (action.body !== undefined) {
    body =
      typeof action.body === 'string'
        ? fillText(ctx, action.body)
        : JSON.stringify(fillDeep(ctx, action.body));
    headers['content-type'] = action.contentType ?? 'application/json';
  } else if (action.contentType !== undefined) headers['content-type'] = action.contentType;
  for (const [name, value] of Object.entries(action.headers))
    headers[name.toLowerCase()] = fillText(ctx, value);
  const tpp = action.noClientCertificate ? null : alternateTpp(ctx, action.tpp);
  const request: OutgoingRequest = {
    institution: ctx.institution.code,
    method: action.method,
    path,
    headers,
    body,
    chunked: action.chunked,
    tpp,
    // The client signs with the institution's policy; a transport case varies it or sends none.
    signing: action.unsigned
      ? 'unsigned'
      : {
          badDigest: action.badDigest,
          noDigest: action.noDigest,
          badSignature: action.badSignature,
          ...signatureOverride(ctx, action),
        },
    host: action.host === undefined ? undefined : fillText(ctx, action.host),
    sni: action.sni === undefined ? undefined : fillText(ctx, action.sni),
    duplicateHeaders: Object.fromEntries(
      Object.entries(action.duplicateHeaders).map(([name, value]) => [
        name.toLowerCase(),
        fillText(ctx, value),
      ]),
    ),
  };
  const exchange = await ctx.client.send(request);
  exchanges.push(exchange);
  const sentId = exchange.entry.request.headers['x-request-id'];
  if (typeof sentId === 'string') ctx.vars.set('requestId', sentId);
  return { outcome: outcomeOf(exchange), exchanges };
}

/** The step's signature override as client signing options (templates filled). */
function signatureOverride(
  ctx: CaseContext,
  action: RequestAction,
): Pick<SigningPolicy, 'exactHeaders' | 'keyId' | 'algorithm' | 'created' | 'expires' | 'format'> {
  const o = action.signature;
  if (o === undefined) return {};
  return {
    ...(o.headers === undefined ? {} : { exactHeaders: o.headers }),
    ...(o.keyId === undefined ? {} : { keyId: fillText(ctx, o.keyId) }),
    ...(o.algorithm === undefined ? {} : { algorithm: o.algorithm }),
    ...(o.created === undefined ? {} : { created: unixSeconds(fillText(ctx, o.created), 'created') }),
    ...(o.expires === undefined ? {} : { expires: unixSeconds(fillText(ctx, o.expires), 'expires') }),
    ...(o.format === undefined ? {} : { format: fillText(ctx, o.format) }),
  };
}

/** A `created` or `expires` parameter: whole Unix seconds, else the case is written wrong. */
function unixSeconds(text: string, name: 'created' | 'expires'): number {
  if (!/^\d+$/.test(text)) {
    throw new CodedError(
      name === 'created' ? 'ERR_SIGNATURE_CREATED_INVALID' : 'ERR_SIGNATURE_EXPIRES_INVALID',
      `signature ${name} "${text}" is not Unix seconds`,
    );
  }
  return Number(text);
}

/** The TPP of this request: the step's alternate, else the case's. */
export function alternateTpp(ctx: CaseContext, name: string | undefined): CaseContext['tpp'] {
  if (name === undefined) return ctx.tpp;
  const tpp = ctx.target.tpps[name];
  if (tpp === undefined) {
    throw new CodedError('ERR_TPP_UNKNOWN', `the target has no alternate TPP "${name}"`, {
      hint: 'add it under tpps: in the target file, or mark the case as needing it',
    });
  }
  return tpp;
}

/**
 * The path to send: the step's template filled, or the path and query of the captured link. A link
 * the bank gave that is not an href string fails the step (the bank's answer, not the suite, is wrong).
 */
function resolvePath(ctx: CaseContext, action: RequestAction): string | CheckFailure {
  if (action.link !== undefined) {
    const href = lookup(ctx, action.link);
    if (typeof href !== 'string') {
      const actual = bodyExcerpt(JSON.stringify(href) ?? String(href));
      return {
        message: `the link ${action.link} the bank gave is not an href string: ${actual}`,
        expected: `an href string in ${action.link}`,
        actual,
      };
    }
    // An href may be absolute (another host form) or a path; the request goes to its path and query.
    const url = new URL(href, 'https://institution.invalid');
    return `${url.pathname}${url.search}`;
  }
  return fillText(ctx, action.path ?? '/');
}

function withQuery(path: string, action: RequestAction, ctx: CaseContext): string {
  const entries = Object.entries(action.query);
  if (entries.length === 0) return path;
  const params = new URLSearchParams(entries.map(([k, v]): [string, string] => [k, fillText(ctx, v)]));
  return `${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
}
