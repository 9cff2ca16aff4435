/**
 * `stet-harness har2k6`: a recording as a k6 load script on the same exporter as `load --export-k6`.
 * Each recorded resource call is replayed re-signed (new X-Request-ID, Date, Digest, Signature over the
 * headers the recording signed) and re-tokened (the tokens of setup() or STET_TOKENS); a redacted value
 * is never sent (`REDACTED-…` becomes a fresh id, a stand-in IBAN the PSU's own); each institution keeps
 * its host. What cannot be replayed under load is left out and listed in the script's header.
 */
import type { Target } from '../../harness/index.ts';
import { defaultSignatureHeaders } from '../../harness/targets/target-definition.ts';
import { formOf, headerOf, jsonOf } from '../../traffic/har/har-access.ts';
import type { Har, HarEntry } from '../../traffic/har/har.ts';
import { isIbanPlaceholder } from '../../traffic/redact/iban.ts';
import {
  isApiVersion,
  newestApiVersion,
  parseHostName,
  versionCalendar,
  versionProfile,
  type ApiVersion,
} from '../../spec/lib/index.ts';
import type { Threshold } from '../threshold.ts';
import { k6Endpoints } from './k6-endpoints.ts';
import type { K6Part, K6Plan, K6Step, K6TokenKind } from './k6-plan.ts';
import { k6Script } from './k6-script.ts';
import { k6Thresholds } from './k6-thresholds.ts';

/** Options of {@link harToK6}. */
export interface HarToK6Options {
  /** Where the recording came from, for the script's header. */
  source: string;
  durationMs: number;
  /** VUs per institution host. */
  vus: number;
  thresholds: readonly Threshold[];
  /** TPP and hosts of a target file; otherwise the recording's client_id and hosts. */
  target?: Target | undefined;
}

const redacted = /REDACTED-[A-Z-]+-\d+/;

/** The k6 script of a recording. */
export function harToK6(har: Har, options: HarToK6Options): string {
  return k6Script(harToK6Plan(har, options), k6Thresholds(options.thresholds));
}

/** The plan of a recording: one k6 scenario per institution host, its calls in recorded order. */
export function harToK6Plan(har: Har, options: HarToK6Options): K6Plan {
  const byHost = new Map<
    string,
    { steps: K6Step[]; version: ApiVersion | undefined; policy: string[] | undefined }
  >();
  const left: Record<string, number> = {};
  const leave = (why: string): void => {
    left[why] = (left[why] ?? 0) + 1;
  };
  let clientId = options.target?.tpp.clientId;
  let keyId = options.target?.tpp.qseal.keyId;
  for (const entry of har.log.entries) {
    const url = new URL(entry.request.url);
    const path = `${url.pathname}${url.search}`;
    let part = byHost.get(url.host);
    if (part === undefined) {
      part = { steps: [], version: undefined, policy: undefined };
      byHost.set(url.host, part);
    }
    if (url.pathname.endsWith('/oauth/token')) {
      const form = formOf(entry.request.postData);
      const grant = form.get('grant_type');
      const recordedClient = form.get('client_id');
      if (recordedClient !== undefined && !redacted.test(recordedClient)) clientId ??= recordedClient;
      if (grant === 'refresh_token') part.steps.push({ kind: 'token', grant: 'refresh' });
      else if (grant === 'client_credentials')
        part.steps.push({ kind: 'token', grant: 'client-credentials' });
      else leave('authorization-code exchanges (setup() walks the journey instead)');
      continue;
    }
    const version = /^\/stet\/psd2\/(v[0-9.]+)\//.exec(url.pathname)?.[1];
    if (version === undefined || !isApiVersion(version)) {
      leave(
        url.pathname.startsWith('/sandbox/')
          ? 'sandbox control calls'
          : 'journey pages and other non-API calls',
      );
      continue;
    }
    if (redacted.test(path)) {
      leave('calls whose path holds a redacted value');
      continue;
    }
    const token = tokenKind(entry, url.pathname);
    if (token === undefined) {
      leave('PISP calls after the redirect (they need the PSU’s payment token)');
      continue;
    }
    part.version ??= version;
    const signature = headerOf(entry.request.headers, 'signature');
    part.policy ??= signedHeaders(signature);
    if (signature !== undefined) {
      const recordedKeyId = /keyId="([^"]*)"/.exec(signature)?.[1];
      if (recordedKeyId !== undefined && !redacted.test(recordedKeyId)) keyId ??= recordedKeyId;
    }
    const text = entry.request.postData?.text;
    part.steps.push({
      kind: 'request',
      method: entry.request.method.toUpperCase(),
      path,
      body: text === undefined || text === '' ? null : (unredact(jsonOf(text)) ?? null),
      expect: [entry.response.status],
      follow: [],
      token,
      psuConnected: headerOf(entry.request.headers, 'psu-ip-address') !== undefined,
    });
  }
  const parts: K6Part[] = [];
  for (const [host, recorded] of byHost) {
    if (recorded.steps.length === 0) continue;
    const code = parseHostName(versionCalendar(), host)?.code ?? host.replace(/[^A-Za-z0-9]/g, '-');
    const version = recorded.version ?? newestApiVersion;
    const needs = [
      ...new Set(
        recorded.steps.flatMap((s) =>
          s.kind === 'request' && (s.token === 'aisp' || s.token === 'cbpii') ? [s.token] : [],
        ),
      ),
    ];
    const scope = versionProfile(version).cbpiiScope;
    parts.push({
      name: `recording-${code}`,
      institution: code,
      host,
      version,
      needs,
      persona: 'alice',
      psus: needs.length === 0 ? 0 : 1,
      ...(needs.includes('cbpii') && scope !== null ? { cbpiiScope: scope } : {}),
      signatureHeaders: recorded.policy ??
        options.target?.institutions.find((i) => i.code === code)?.signatureHeaders ?? [
          ...defaultSignatureHeaders,
        ],
      executor: { kind: 'vus', vus: options.vus },
      steps: recorded.steps,
    });
  }
  const connect = options.target?.connect;
  const notes = Object.entries(left).map(([why, n]) => `left out: ${n} ${why}`);
  return {
    source: `recording ${options.source}${notes.length === 0 ? '' : ` (${notes.join('; ')})`}`,
    clientId: clientId ?? '',
    keyId: keyId ?? clientId ?? '',
    redirectUri: options.target?.tpp.redirectUri ?? 'https://tpp.example/callback',
    ...(connect === undefined ? {} : { connect: `${connect.host}:${connect.port}` }),
    durationMs: options.durationMs,
    parts,
    endpoints: k6Endpoints([...new Set(parts.map((p) => p.version))].filter(isApiVersion)),
  };
}

/** Which token a recorded call is replayed with, or undefined when it cannot be replayed under load. */
function tokenKind(entry: HarEntry, pathname: string): K6TokenKind | undefined {
  if (/\/payment-requests$/.test(pathname) && entry.request.method.toUpperCase() === 'POST') return 'first';
  if (/\/payment-requests\//.test(pathname)) return undefined;
  if (/\/funds-confirmations$/.test(pathname)) return 'cbpii';
  if (/\/register$/.test(pathname)) return 'none';
  return 'aisp';
}

/** The headers the recorded Signature covered (the institution's policy), or undefined. */
function signedHeaders(signature: string | undefined): string[] | undefined {
  const headers = signature === undefined ? undefined : /headers="([^"]*)"/.exec(signature)?.[1];
  return headers === undefined || headers.trim() === ''
    ? undefined
    : headers.trim().toLowerCase().split(/ +/);
}

/** A recorded body with its redacted values replaced: stand-in IBANs by the PSU's, other secrets by fresh ids. */
function unredact(value: unknown): unknown {
  if (typeof value === 'string') {
    if (isIbanPlaceholder(value)) return '{{iban}}';
    return redacted.test(value) ? value.replace(new RegExp(redacted.source, 'g'), '{{id}}') : value;
  }
  if (Array.isArray(value)) return value.map(unredact);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unredact(v)]));
  return value;
}
