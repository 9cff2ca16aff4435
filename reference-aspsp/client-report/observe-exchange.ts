import type { IncomingHttpHeaders } from 'node:http';
import { verifyDigest } from '../../protocol/digest.ts';
import { isValidCodeVerifier } from '../../protocol/pkce.ts';
import { parseSignatureHeader } from '../../protocol/signature-header.ts';
import type { Role } from '../../spec/lib/index.ts';
import { isRecord } from '../lib/is-record.ts';
import { secretKey } from '../lib/secret.ts';
import type { RouteResponse } from '../server/route.ts';
import type { ObservedGrant, ObservedRequest, RequestKind } from './observed-request.ts';

/** One exchange as the pipeline saw it (see `server/pipeline.ts`). */
export interface Exchange {
  readonly seq: number;
  readonly now: Date;
  readonly institution: string | undefined;
  readonly method: string;
  /** Path with query, as received. */
  readonly target: string;
  readonly headers: IncomingHttpHeaders;
  /** The bytes received, when the body was read. */
  readonly body: Buffer | undefined;
  /** The matched route: its template and authentication kind. */
  readonly route: { readonly path: string; readonly auth: string } | undefined;
  readonly params: Readonly<Record<string, string>>;
  /** The enrolled TPP the client certificate names. */
  readonly clientId: string | undefined;
  /** The PSU and role of the accepted access token. */
  readonly auth: { readonly psuId: string; readonly role: Role } | undefined;
  readonly answer: RouteResponse;
  readonly forcedBy: string | undefined;
}

/** A code the bank redirected a PSU back with (journey pages): its id and the redirect URI. */
export interface IssuedCode {
  readonly code: string;
  readonly redirectUri: string;
}

/** What an exchange tells the observer: a TPP's request, a code issued to a redirect URI, or both. */
export interface ExchangeFacts {
  readonly request: ObservedRequest | undefined;
  readonly issuedCode: IssuedCode | undefined;
}

/** The id of a secret in a report: a short SHA-256, never the value. */
export function secretId(value: string): string {
  return secretKey(value).slice(0, 16);
}

const tokenPath = '/stet/psd2/oauth/token';
const authorizePath = '/stet/psd2/oauth/authorize';

/** Turns one exchange into the facts the client report judges. */
export function observeExchange(exchange: Exchange): ExchangeFacts {
  const issuedCode = codeOf(exchange.answer);
  const queryAt = exchange.target.indexOf('?');
  const path = queryAt === -1 ? exchange.target : exchange.target.slice(0, queryAt);
  const query = new URLSearchParams(queryAt === -1 ? '' : exchange.target.slice(queryAt + 1));
  const kind = kindOf(exchange.route, path);
  // An authorize request names its client in the query: trusted only once the bank accepted it (an
  // unknown client_id gets a 400 page), so made-up names never become report folders or map entries.
  const clientId =
    exchange.clientId ??
    (kind === 'authorize' && exchange.answer.status < 400
      ? (query.get('client_id') ?? undefined)
      : undefined);
  if (clientId === undefined || exchange.institution === undefined) return { request: undefined, issuedCode };
  const headers = exchange.headers;
  const json = exchange.answer.json;
  const request: ObservedRequest = {
    seq: exchange.seq,
    at: exchange.now.toISOString(),
    institution: exchange.institution,
    clientId,
    method: exchange.method,
    path,
    operation: exchange.route?.path,
    kind,
    params: exchange.params,
    headers: Object.keys(headers),
    signedHeaders: signedHeaders(single(headers.signature)),
    digest: digestOf(single(headers.digest), exchange.body),
    requestId: nonEmpty(single(headers['x-request-id'])),
    psuIpAddress: nonEmpty(single(headers['psu-ip-address'])) !== undefined,
    bearer: bearerOf(single(headers.authorization)),
    psuId: exchange.auth?.psuId,
    role: exchange.auth?.role,
    grant: kind === 'token' ? grantOf(exchange.body, headers) : undefined,
    authorize:
      kind === 'authorize'
        ? {
            redirectUri: query.get('redirect_uri') ?? '',
            scope: query.get('scope') ?? '',
            payment: query.get('payment_request') ?? undefined,
            challengeMethod: query.get('code_challenge_method') ?? undefined,
          }
        : undefined,
    response: {
      status: exchange.answer.status,
      code: errorCode(exchange.answer.status, json),
      forcedBy: exchange.forcedBy,
      issued: kind === 'token' ? issuedOf(exchange.answer) : undefined,
      links: linksOf(json, exchange.answer.headers?.['location']),
    },
  };
  return { request, issuedCode };
}

function kindOf(route: Exchange['route'], path: string): RequestKind {
  if (route?.auth === 'bearer') return 'resource';
  if (path === tokenPath) return 'token';
  if (path === authorizePath) return 'authorize';
  if (path.startsWith('/sandbox/')) return 'sandbox';
  return 'other';
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.join(', ');
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function signedHeaders(header: string | undefined): string[] | undefined {
  if (header === undefined || header === '') return undefined;
  try {
    return [...parseSignatureHeader(header).headers];
  } catch {
    return undefined;
  }
}

function digestOf(header: string | undefined, body: Buffer | undefined): ObservedRequest['digest'] {
  if (header === undefined || header === '') return 'absent';
  return verifyDigest(header, body ?? Buffer.alloc(0)).valid ? 'ok' : 'mismatch';
}

function bearerOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1] === undefined ? undefined : secretId(match[1]);
}

function grantOf(body: Buffer | undefined, headers: IncomingHttpHeaders): ObservedGrant {
  const form = new URLSearchParams(body?.toString('utf8') ?? '');
  const code = form.get('code');
  const refresh = form.get('refresh_token');
  const verifier = form.get('code_verifier');
  return {
    grantType: form.get('grant_type') ?? '',
    scope: form.has('scope'),
    redirectUri: form.get('redirect_uri') ?? undefined,
    code: code === null || code === '' ? undefined : secretId(code),
    refreshToken: refresh === null || refresh === '' ? undefined : secretId(refresh),
    verifier: verifier === null ? 'absent' : isValidCodeVerifier(verifier) ? 'valid' : 'invalid',
    fallback: headers.fallback === '1',
  };
}

function errorCode(status: number, json: unknown): string | undefined {
  if (status < 400 || !isRecord(json)) return undefined;
  const code = typeof json['message'] === 'string' ? json['message'] : json['error'];
  return typeof code === 'string' ? code : undefined;
}

function issuedOf(answer: RouteResponse): ObservedRequest['response']['issued'] {
  const json = answer.json;
  if (answer.status !== 200 || !isRecord(json) || typeof json['access_token'] !== 'string') return undefined;
  const refresh = json['refresh_token'];
  const scope = json['scope'];
  return {
    access: secretId(json['access_token']),
    refresh: typeof refresh === 'string' ? secretId(refresh) : undefined,
    scope: typeof scope === 'string' ? scope : '',
  };
}

/** Paths of every `href` in a body and of `Location`: the URIs the bank handed out. */
function linksOf(json: unknown, location: string | undefined): string[] {
  const found: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (depth > 8) return;
    if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (isRecord(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'href' && typeof child === 'string') found.push(pathOf(child));
        else walk(child, depth + 1);
      }
    }
  };
  walk(json, 0);
  if (location !== undefined) found.push(pathOf(location));
  return found;
}

function pathOf(href: string): string {
  try {
    return new URL(href, 'https://bank.invalid').pathname;
  } catch {
    return href;
  }
}

/** The code of a journey's 303 back to the TPP, with the redirect URI it went to. */
function codeOf(answer: RouteResponse): IssuedCode | undefined {
  const location = answer.headers?.['location'];
  if (answer.status !== 303 || location === undefined) return undefined;
  try {
    const url = new URL(location);
    const code = url.searchParams.get('code');
    if (code === null || code === '') return undefined;
    url.searchParams.delete('code');
    url.searchParams.delete('state');
    return { code: secretId(code), redirectUri: url.href };
  } catch {
    return undefined;
  }
}
