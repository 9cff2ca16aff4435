import type { HarEntry } from '../har/har.ts';
import { formOf, isRecord, jsonOf } from '../har/har-access.ts';
import { hasValidIbanCheckDigits } from '../../protocol/index.ts';
import { isIbanPlaceholder } from '../redact/iban.ts';
import { escapeRegExp } from '../../lib/escape-reg-exp.ts';

/** A request as the replay server receives it. */
export interface IncomingRequest {
  method: string;
  /** Absolute URL with the host the client asked for. */
  url: string;
  /** Lower-case names. */
  headers: Readonly<Record<string, string | undefined>>;
  body: string;
}

/**
 * Fields whose value changes on every run by design (OAuth state and PKCE, client-generated payment
 * ids and instants): only their presence is compared, and the replay answers with the client's value
 * wherever the recording had its own.
 */
export const volatileFields: ReadonlySet<string> = new Set([
  'state',
  'nonce',
  'code_challenge',
  'code_verifier',
  'paymentInformationId',
  'instructionId',
  'endToEndId',
  'creationDateTime',
  'requestedExecutionDate',
  'paymentCoverageRequestId',
]);

const placeholderPiece = /REDACTED-[A-Z-]+-\d+/;

/** How one value matched: not at all, exactly, or through a placeholder wildcard. */
type Fit = { ok: true; exact: boolean } | { ok: false };

/** True when a recorded value is, or holds, a redaction placeholder. */
function holdsPlaceholder(recorded: string): boolean {
  return placeholderPiece.test(recorded) || isIbanPlaceholder(recorded);
}

/**
 * Compares a recorded value (which may contain redaction placeholders: wildcards) with a sent one.
 * An IBAN stand-in matches any valid IBAN of the same country and length.
 */
export function fitValue(recorded: string, sent: string): Fit {
  if (recorded === sent) return { ok: true, exact: true };
  if (isIbanPlaceholder(recorded))
    return hasValidIbanCheckDigits(sent) &&
      sent.length === recorded.length &&
      sent.slice(0, 2) === recorded.slice(0, 2)
      ? { ok: true, exact: false }
      : { ok: false };
  if (!placeholderPiece.test(recorded)) return { ok: false };
  const pattern = new RegExp(
    `^${recorded
      .split(/REDACTED-[A-Z-]+-\d+/)
      .map(escapeRegExp)
      .join('.+')}$`,
    's',
  );
  return pattern.test(sent) ? { ok: true, exact: false } : { ok: false };
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; fields: Map<string, string> }
  | { kind: 'text'; text: string };

function bodyOf(text: string, contentType: string): Body {
  if (text === '') return { kind: 'none' };
  if (contentType.toLowerCase().startsWith('application/x-www-form-urlencoded'))
    return { kind: 'form', fields: new Map(new URLSearchParams(text)) };
  const json = jsonOf(text);
  return json === undefined ? { kind: 'text', text } : { kind: 'json', value: json };
}

/** Result of comparing one recorded request with one sent request. */
export interface Comparison {
  differences: string[];
  /** How many wildcard positions the client filled with the very placeholder recorded (higher is closer). */
  exactness: number;
  /** Recorded volatile value → the client's value, to echo in the answer. */
  echoes: Map<string, string>;
}

function compareJson(recorded: unknown, sent: unknown, path: string, out: Comparison, key: string): void {
  if (volatileFields.has(key) && sent !== undefined) {
    if (typeof recorded === 'string' && typeof sent === 'string' && recorded !== sent)
      out.echoes.set(recorded, sent);
    return;
  }
  if (typeof recorded === 'string' && typeof sent === 'string') {
    const fit = fitValue(recorded, sent);
    if (!fit.ok)
      out.differences.push(
        `body ${path}: sent ${JSON.stringify(sent)}, recorded ${JSON.stringify(recorded)}`,
      );
    else if (fit.exact && holdsPlaceholder(recorded)) out.exactness += 1;
    return;
  }
  if (Array.isArray(recorded) && Array.isArray(sent)) {
    if (recorded.length !== sent.length)
      out.differences.push(`body ${path}: ${sent.length} items sent, ${recorded.length} recorded`);
    else recorded.forEach((item, i) => compareJson(item, sent[i], `${path}[${i}]`, out, key));
    return;
  }
  if (isRecord(recorded) && isRecord(sent)) {
    for (const name of new Set([...Object.keys(recorded), ...Object.keys(sent)])) {
      if (!(name in sent)) out.differences.push(`body ${path}.${name}: not sent`);
      else if (!(name in recorded)) out.differences.push(`body ${path}.${name}: sent but not recorded`);
      else compareJson(recorded[name], sent[name], `${path}.${name}`, out, name);
    }
    return;
  }
  if (JSON.stringify(recorded) !== JSON.stringify(sent))
    out.differences.push(`body ${path}: sent ${JSON.stringify(sent)}, recorded ${JSON.stringify(recorded)}`);
}

function compareFields(
  kind: string,
  recorded: ReadonlyMap<string, string>,
  sent: ReadonlyMap<string, string>,
  out: Comparison,
): void {
  for (const name of new Set([...recorded.keys(), ...sent.keys()])) {
    const r = recorded.get(name);
    const s = sent.get(name);
    if (s === undefined) out.differences.push(`${kind} ${name}: not sent (recorded ${JSON.stringify(r)})`);
    else if (r === undefined) out.differences.push(`${kind} ${name}: sent but not recorded`);
    else if (volatileFields.has(name)) {
      if (r !== s) out.echoes.set(r, s);
    } else {
      const fit = fitValue(r, s);
      if (!fit.ok)
        out.differences.push(`${kind} ${name}: sent ${JSON.stringify(s)}, recorded ${JSON.stringify(r)}`);
      else if (fit.exact && holdsPlaceholder(r)) out.exactness += 1;
    }
  }
}

/**
 * How far a recorded request is from a sent one, for naming the closest: a different path shape
 * weighs most, then host and method, then each differing segment, query field or body field.
 */
export function distanceOf(differences: readonly string[]): number {
  let distance = 0;
  for (const difference of differences) {
    if (difference.startsWith('path:')) distance += 6;
    else if (difference.startsWith('host:')) distance += 4;
    else if (difference.startsWith('method:')) distance += 3;
    else distance += 1;
  }
  return distance;
}

/**
 * One recorded request, prepared for matching: method, host, path segments, query, the chosen
 * headers and the body (JSON compared structurally, forms field by field). Placeholders left by the
 * redaction match any value, so a client that sends its own identifiers still finds its exchange.
 */
export class RequestPattern {
  readonly method: string;
  /** The host name without port: a client that dials another port asks for the same institution. */
  readonly host: string;
  readonly segments: readonly string[];
  private readonly query: ReadonlyMap<string, string>;
  private readonly headers: ReadonlyMap<string, string | undefined>;
  private readonly body: Body;

  constructor(
    readonly entry: HarEntry,
    readonly index: number,
    matchHeaders: readonly string[],
  ) {
    const url = new URL(entry.request.url);
    this.method = entry.request.method;
    this.host = url.hostname.toLowerCase();
    this.segments = url.pathname.split('/');
    this.query = new Map(entry.request.queryString.map((q) => [q.name, q.value]));
    const headers = new Map(entry.request.headers.map((h) => [h.name.toLowerCase(), h.value]));
    this.headers = new Map(matchHeaders.map((name) => [name, headers.get(name)]));
    const postData = entry.request.postData;
    const form = formOf(postData);
    this.body =
      form.size > 0 ? { kind: 'form', fields: form } : bodyOf(postData?.text ?? '', postData?.mimeType ?? '');
  }

  /** `METHOD url` of the recorded request, for messages. */
  get label(): string {
    return `${this.method} ${this.entry.request.url}`;
  }

  /** Every difference between this recorded request and `sent` (none means it matches). */
  compare(sent: IncomingRequest, sentUrl: URL): Comparison {
    const out: Comparison = { differences: [], exactness: 0, echoes: new Map() };
    if (sent.method !== this.method)
      out.differences.push(`method: sent ${sent.method}, recorded ${this.method}`);
    if (sentUrl.hostname.toLowerCase() !== this.host)
      out.differences.push(`host: sent ${sentUrl.hostname}, recorded ${this.host}`);
    const segments = sentUrl.pathname.split('/');
    if (segments.length !== this.segments.length)
      out.differences.push(
        `path: sent ${sentUrl.pathname}, recorded ${new URL(this.entry.request.url).pathname}`,
      );
    else
      this.segments.forEach((recorded, i) => {
        const fit = fitValue(recorded, segments[i] ?? '');
        if (!fit.ok)
          out.differences.push(
            `path segment ${i}: sent ${JSON.stringify(segments[i])}, recorded ${JSON.stringify(recorded)}`,
          );
        else if (fit.exact && holdsPlaceholder(recorded)) out.exactness += 1;
      });
    compareFields('query', this.query, new Map(sentUrl.searchParams), out);
    for (const [name, recorded] of this.headers) {
      const value = sent.headers[name];
      if (recorded === undefined && value === undefined) continue;
      const fit = recorded !== undefined && value !== undefined ? fitValue(recorded, value) : { ok: false };
      if (!fit.ok)
        out.differences.push(
          `header ${name}: sent ${JSON.stringify(value ?? null)}, recorded ${JSON.stringify(recorded ?? null)}`,
        );
    }
    const authorization = this.entry.request.headers.find(
      (h) => h.name.toLowerCase() === 'authorization',
    )?.value;
    // The same bearer placeholder the replay handed out: the strongest hint of the same flow.
    if (authorization !== undefined && authorization === sent.headers['authorization']) out.exactness += 2;
    const sentBody = bodyOf(sent.body, sent.headers['content-type'] ?? '');
    this.compareBody(sentBody, out);
    return out;
  }

  private compareBody(received: Body, out: Comparison): void {
    const recorded = this.body;
    // A client that sends a form without its Content-Type still sent the recorded form.
    const sent: Body =
      recorded.kind === 'form' && received.kind === 'text'
        ? { kind: 'form', fields: new Map(new URLSearchParams(received.text)) }
        : received;
    if (recorded.kind === 'none' && sent.kind === 'none') return;
    if (recorded.kind === 'json' && sent.kind === 'json')
      compareJson(recorded.value, sent.value, '$', out, '');
    else if (recorded.kind === 'form' && sent.kind === 'form')
      compareFields('form field', recorded.fields, sent.fields, out);
    else if (recorded.kind === 'text' && sent.kind === 'text') {
      if (!fitValue(recorded.text, sent.text).ok) out.differences.push('body: the text differs');
    } else
      out.differences.push(
        `body: sent ${sent.kind === 'none' ? 'no body' : sent.kind}, recorded ${recorded.kind === 'none' ? 'no body' : recorded.kind}`,
      );
  }
}
