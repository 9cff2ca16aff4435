import { TrafficError } from '../traffic-error.ts';
import type {
  Har,
  HarContent,
  HarEntry,
  HarNameValue,
  HarPostData,
  HarRequest,
  HarResponse,
  HarTimings,
} from './har.ts';

type Json = Record<string, unknown>;

function fail(path: string, what: string): never {
  throw new TrafficError('ERR_HAR_INVALID', `not a valid HAR 1.2 file: ${path} ${what}`, {
    hint: 'give a HAR file as exported by a browser, a proxy or `stet-harness record`',
  });
}

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(path, 'must be an object');
  return value as Json;
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') fail(path, 'must be a string');
  return value;
}

function number(value: unknown, path: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(path, 'must be a number');
  return value;
}

function optionalString(value: unknown, path: string): string | undefined {
  return value === undefined || value === null ? undefined : string(value, path);
}

function array(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) fail(path, 'must be an array');
  return value;
}

function nameValues(value: unknown, path: string): HarNameValue[] {
  if (value === undefined) return [];
  return array(value, path).map((item, index) => {
    const pair = object(item, `${path}[${index}]`);
    return {
      name: string(pair['name'], `${path}[${index}].name`),
      value: string(pair['value'] ?? '', `${path}[${index}].value`),
    };
  });
}

function queryOf(url: string): HarNameValue[] {
  return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
}

function postData(value: unknown, path: string): HarPostData | undefined {
  if (value === undefined || value === null) return undefined;
  const data = object(value, path);
  const mimeType = string(data['mimeType'] ?? '', `${path}.mimeType`);
  const params = data['params'] === undefined ? undefined : nameValues(data['params'], `${path}.params`);
  let text = optionalString(data['text'], `${path}.text`);
  // HAR allows a form body given only as params; the tools always want the text.
  if (text === undefined)
    text = new URLSearchParams((params ?? []).map((p): [string, string] => [p.name, p.value])).toString();
  return params === undefined ? { mimeType, text } : { mimeType, text, params };
}

function request(value: unknown, path: string): HarRequest {
  const req = object(value, path);
  const url = string(req['url'], `${path}.url`);
  if (!URL.canParse(url)) fail(`${path}.url`, `is not an absolute URL: ${url}`);
  const body = postData(req['postData'], `${path}.postData`);
  return {
    method: string(req['method'], `${path}.method`).toUpperCase(),
    url,
    httpVersion: string(req['httpVersion'] ?? 'HTTP/1.1', `${path}.httpVersion`),
    cookies: nameValues(req['cookies'], `${path}.cookies`),
    headers: nameValues(req['headers'], `${path}.headers`),
    queryString:
      req['queryString'] === undefined ? queryOf(url) : nameValues(req['queryString'], `${path}.queryString`),
    ...(body === undefined ? {} : { postData: body }),
    headersSize: number(req['headersSize'], `${path}.headersSize`, -1),
    bodySize: number(req['bodySize'], `${path}.bodySize`, -1),
  };
}

function content(value: unknown, path: string): HarContent {
  const body = object(value, path);
  const text = optionalString(body['text'], `${path}.text`);
  const encoding = optionalString(body['encoding'], `${path}.encoding`);
  return {
    size: number(body['size'], `${path}.size`, text?.length ?? 0),
    mimeType: string(body['mimeType'] ?? '', `${path}.mimeType`),
    ...(text === undefined ? {} : { text }),
    ...(encoding === undefined ? {} : { encoding }),
  };
}

function response(value: unknown, path: string): HarResponse {
  const res = object(value, path);
  const status = number(res['status'], `${path}.status`);
  if (!Number.isInteger(status) || status < 0 || status > 999)
    fail(`${path}.status`, 'must be an HTTP status');
  return {
    status,
    statusText: string(res['statusText'] ?? '', `${path}.statusText`),
    httpVersion: string(res['httpVersion'] ?? 'HTTP/1.1', `${path}.httpVersion`),
    cookies: nameValues(res['cookies'], `${path}.cookies`),
    headers: nameValues(res['headers'], `${path}.headers`),
    content: content(res['content'] ?? {}, `${path}.content`),
    redirectURL: string(res['redirectURL'] ?? '', `${path}.redirectURL`),
    headersSize: number(res['headersSize'], `${path}.headersSize`, -1),
    bodySize: number(res['bodySize'], `${path}.bodySize`, -1),
  };
}

function timings(value: unknown, path: string): HarTimings {
  const t = value === undefined ? {} : object(value, path);
  const phase = (name: string): number => number(t[name], `${path}.${name}`, -1);
  return {
    blocked: phase('blocked'),
    dns: phase('dns'),
    connect: phase('connect'),
    ssl: phase('ssl'),
    send: phase('send'),
    wait: phase('wait'),
    receive: phase('receive'),
  };
}

function entry(value: unknown, path: string): HarEntry {
  const e = object(value, path);
  const started = string(e['startedDateTime'], `${path}.startedDateTime`);
  if (Number.isNaN(Date.parse(started)))
    fail(`${path}.startedDateTime`, `is not an ISO 8601 date-time: ${started}`);
  const serverIPAddress = optionalString(e['serverIPAddress'], `${path}.serverIPAddress`);
  const comment = optionalString(e['comment'], `${path}.comment`);
  return {
    startedDateTime: started,
    time: number(e['time'], `${path}.time`, 0),
    request: request(e['request'], `${path}.request`),
    response: response(e['response'], `${path}.response`),
    cache: {},
    timings: timings(e['timings'], `${path}.timings`),
    ...(serverIPAddress === undefined ? {} : { serverIPAddress }),
    ...(comment === undefined ? {} : { comment }),
  };
}

/**
 * Parses HAR text into a {@link Har}, or throws `ERR_HAR_INVALID` naming the first wrong field.
 *
 * Lenient where real exporters differ (missing sizes, timings or queryString are filled in), strict on
 * what the tools rely on: every entry has a method, an absolute URL, a status and headers.
 */
export function parseHar(text: string): Har {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new TrafficError('ERR_HAR_INVALID', `not a valid HAR 1.2 file: not JSON (${String(error)})`, {
      hint: 'give a HAR file as exported by a browser, a proxy or `stet-harness record`',
    });
  }
  const root = object(json, '$');
  const log = object(root['log'], '$.log');
  const creator = log['creator'] === undefined ? {} : object(log['creator'], '$.log.creator');
  const comment = optionalString(log['comment'], '$.log.comment');
  return {
    log: {
      version: string(log['version'] ?? '1.2', '$.log.version'),
      creator: {
        name: string(creator['name'] ?? 'unknown', '$.log.creator.name'),
        version: string(creator['version'] ?? '', '$.log.creator.version'),
      },
      entries: array(log['entries'], '$.log.entries').map((e, i) => entry(e, `$.log.entries[${i}]`)),
      ...(comment === undefined ? {} : { comment }),
    },
  };
}
