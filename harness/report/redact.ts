/**
 * Redaction of transcripts, curl commands and whole results before they reach a report or a log.
 *
 * Two layers: structural rules that hide credentials whether or not the engine registered them
 * (Authorization and Proxy-Authorization credentials, the `signature` parameter of the Signature header,
 * cookie values, OAuth fields in URLs, form bodies and JSON bodies), each hidden value being registered
 * in the {@link SecretSet}; then every registered secret is replaced wherever it occurs, in any header,
 * URL or body, or anywhere else in a result.
 */
import { credentialFields, jsonCredentialFields } from '../../protocol/secret-fields.ts';
import type { CaseResult, HeaderMap, RunReport, StepResult, TranscriptEntry } from './model.ts';
import type { SecretKind, SecretSet } from './secret-set.ts';

export { SecretSet, minSecretLength } from './secret-set.ts';
export type { SecretKind } from './secret-set.ts';

/** Credential fields hidden in URL queries and form bodies, with the kind they are filed under. */
const formFields: ReadonlyMap<string, SecretKind> = credentialFields;

/** Credential fields hidden in JSON bodies (protocol/secret-fields.ts: `code` and `token` are not). */
const jsonFields: ReadonlyMap<string, SecretKind> = jsonCredentialFields;

/** A value already replaced by a placeholder: redacting again leaves it as it is. */
const placeholderValue = '<redacted:[a-z_]+(?:#\\d+)?>';
const isPlaceholder = new RegExp(`^${placeholderValue}$`);
const queryParam = new RegExp(`(^|[?&;])([A-Za-z_]+)=(${placeholderValue}|[^&#;\\s'"]*)`, 'g');
/** As {@link queryParam}, also after a quote or a space: fields inside a shell-quoted `--data '…'`. */
const curlParam = new RegExp(`(^|[?&;'"\\s])([A-Za-z_]+)=(${placeholderValue}|[^&#;\\s'"]*)`, 'g');
const jsonField = /"([A-Za-z_]+)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;

/** Hides sensitive query parameters of a URL (`code`, `refresh_token`, …) and registered secrets. */
export function redactUrl(url: string, secrets: SecretSet): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return secrets.redact(url);
  return secrets.redact(url.slice(0, queryStart) + redactForm(url.slice(queryStart), secrets));
}

/**
 * Hides sensitive fields of a body: form-encoded fields and JSON string fields named like OAuth
 * credentials (`refresh_token`, `otp`, …), then every registered secret.
 */
export function redactBody(body: string, secrets: SecretSet): string {
  const trimmed = body.trimStart();
  const structural =
    trimmed.startsWith('{') || trimmed.startsWith('[')
      ? redactJsonFields(body, secrets)
      : trimmed.startsWith('<')
        ? body
        : redactForm(body, secrets);
  return secrets.redact(structural);
}

/** Hides credentials in header values (see the module summary), then every registered secret. */
export function redactHeaders(headers: HeaderMap, secrets: SecretSet): HeaderMap {
  const out: HeaderMap = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    out[name] = Array.isArray(value)
      ? value.map((v) => secrets.redact(redactHeaderValue(lower, v, secrets)))
      : secrets.redact(redactHeaderValue(lower, value, secrets));
  }
  return out;
}

/** Redacts one HTTP exchange: URL, headers and bodies of the request and the response. */
export function redactEntry(entry: TranscriptEntry, secrets: SecretSet): TranscriptEntry {
  const { request, response } = entry;
  const out: TranscriptEntry = {
    request: {
      method: request.method,
      url: redactUrl(request.url, secrets),
      headers: redactHeaders(request.headers, secrets),
      ...(request.body === undefined ? {} : { body: redactBody(request.body, secrets) }),
    },
  };
  if (response !== undefined) {
    out.response = {
      status: response.status,
      headers: redactHeaders(response.headers, secrets),
      ...(response.body === undefined ? {} : { body: redactBody(response.body, secrets) }),
    };
  }
  return out;
}

/**
 * Redacts a curl command line: credentials in `-H` headers, OAuth fields in the URL and in `--data`,
 * then every registered secret.
 */
export function redactCurl(command: string, secrets: SecretSet): string {
  const headersDone = command.replace(
    /((?:-H|--header)\s+)(['"])([A-Za-z0-9-]+):\s*((?:(?!\2).)*)\2/g,
    (_all, flag: string, quote: string, name: string, value: string) =>
      `${flag}${quote}${name}: ${redactHeaderValue(name.toLowerCase(), value, secrets)}${quote}`,
  );
  const fieldsDone = headersDone.replace(curlParam, (all, lead: string, name: string, value: string) =>
    hideFormField(all, lead, name, value, secrets),
  );
  return secrets.redact(redactJsonFields(fieldsDone, secrets));
}

/**
 * Redacts a whole case result: first the structural rules over every exchange of every step (which
 * registers what they find), then every registered secret anywhere in the result. Screenshots are kept.
 */
export function redactCaseResult(result: CaseResult, secrets: SecretSet): CaseResult {
  const steps: StepResult[] = result.steps.map((step) => ({
    ...step,
    transcript: step.transcript.map((entry) => redactEntry(entry, secrets)),
  }));
  return redactDeep({ ...result, steps }, secrets);
}

/** Redacts every result of a report, and every string elsewhere in it. */
export function redactRunReport(report: RunReport, secrets: SecretSet): RunReport {
  const results = report.results.map((result) => redactCaseResult(result, secrets));
  return redactDeep({ ...report, results }, secrets);
}

/**
 * Replaces registered secrets in every string (values and keys) of a JSON-like value, keeping its
 * shape. The `base64` of a screenshot is left alone: it is an image, not text.
 */
export function redactDeep<T>(value: T, secrets: SecretSet): T {
  return walk(value, secrets, false) as T;
}

function walk(value: unknown, secrets: SecretSet, inScreenshot: boolean): unknown {
  if (typeof value === 'string') return secrets.redact(value);
  if (Array.isArray(value)) return value.map((item) => walk(item, secrets, false));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[secrets.redact(key)] =
        inScreenshot && key === 'base64' ? item : walk(item, secrets, key === 'screenshot');
    }
    return out;
  }
  return value;
}

/** Registers `value` and returns its placeholder; too short to register, a generic placeholder. */
function hide(kind: SecretKind, value: string, secrets: SecretSet): string {
  if (isPlaceholder.test(value)) return value;
  return secrets.add(kind, value) ?? `<redacted:${kind}>`;
}

function redactHeaderValue(name: string, value: string, secrets: SecretSet): string {
  switch (name) {
    case 'authorization':
    case 'proxy-authorization':
      return redactCredentials(value, secrets);
    case 'signature':
      return redactSignature(value, secrets);
    case 'cookie':
      return value
        .split(';')
        .map((pair) => redactCookiePair(pair, secrets))
        .join(';');
    case 'set-cookie': {
      const [first = '', ...attributes] = value.split(';');
      return [redactCookiePair(first, secrets), ...attributes].join(';');
    }
    case 'location':
    case 'content-location':
    case 'referer':
      return redactUrl(value, secrets);
    default:
      return value;
  }
}

function redactCredentials(value: string, secrets: SecretSet): string {
  const match = /^(\s*)(\S+)(\s+)([\s\S]+)$/.exec(value);
  if (match === null) return hide('authorization', value, secrets);
  const [, lead = '', scheme = '', gap = '', credentials = ''] = match;
  const lower = scheme.toLowerCase();
  if (lower === 'signature') return `${lead}${scheme}${gap}${redactSignature(credentials, secrets)}`;
  const kind: SecretKind = lower === 'bearer' ? 'access_token' : 'authorization';
  return `${lead}${scheme}${gap}${hide(kind, credentials.trim(), secrets)}`;
}

function redactSignature(value: string, secrets: SecretSet): string {
  const param = /(signature\s*=\s*")([^"]*)(")/i;
  if (!param.test(value)) return hide('signature', value, secrets);
  return value.replace(
    param,
    (_all, open: string, signature: string, close: string) =>
      `${open}${hide('signature', signature, secrets)}${close}`,
  );
}

function redactCookiePair(pair: string, secrets: SecretSet): string {
  const equals = pair.indexOf('=');
  if (equals < 0) return pair;
  const cookieValue = pair.slice(equals + 1).trim();
  if (cookieValue === '') return pair;
  return `${pair.slice(0, equals + 1)}${hide('cookie', cookieValue, secrets)}`;
}

function redactForm(text: string, secrets: SecretSet): string {
  return text.replace(queryParam, (all, lead: string, name: string, value: string) =>
    hideFormField(all, lead, name, value, secrets),
  );
}

function hideFormField(all: string, lead: string, name: string, value: string, secrets: SecretSet): string {
  const kind = formFields.get(name.toLowerCase());
  if (kind === undefined || value === '') return all;
  return `${lead}${name}=${hide(kind, decodeFormValue(value), secrets)}`;
}

function redactJsonFields(text: string, secrets: SecretSet): string {
  return text.replace(jsonField, (all, name: string, colon: string, escaped: string) => {
    const kind = jsonFields.get(name.toLowerCase());
    if (kind === undefined || escaped === '') return all;
    return `"${name}"${colon}"${hide(kind, decodeJsonString(escaped), secrets)}"`;
  });
}

function decodeFormValue(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function decodeJsonString(escaped: string): string {
  try {
    const decoded: unknown = JSON.parse(`"${escaped}"`);
    return typeof decoded === 'string' ? decoded : escaped;
  } catch {
    return escaped;
  }
}
