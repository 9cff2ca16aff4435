import { randomUUID } from 'node:crypto';
import { isApiVersion, responseValidator, type ApiVersion } from '../../spec/lib/index.ts';
import type { Har, HarEntry } from '../har/har.ts';
import { contentText, headerOf, isRecord, jsonOf } from '../har/har-access.ts';
import { LearntValues } from './learnt-values.ts';

/** A recorded request as re-sent to the other target (values already mapped to that target's). */
export interface ResentRequest {
  method: string;
  /** Institution host of the recording. */
  host: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The recording carried a Signature: the sender signs it again with the target's QSEAL. */
  signed: boolean;
}

/** The other target's answer. */
export interface ResentResponse {
  status: number;
  headers: Record<string, string | string[]>;
  text: string;
}

/** Differences of one exchange; empty `differences` means it behaves alike. */
export interface ExchangeDiff {
  index: number;
  request: string;
  differences: string[];
}

/** Headers the recording carries that the sender recomputes (or that are per connection). */
const recomputed = new Set([
  'host',
  'content-length',
  'signature',
  'digest',
  'date',
  'x-request-id',
  'connection',
  'transfer-encoding',
]);

function codeOf(json: unknown): string | undefined {
  if (!isRecord(json)) return undefined;
  const code = json['message'] ?? json['error'];
  return typeof code === 'string' ? code : undefined;
}

/** Relations of every `_links` object, by JSON path: ids and hrefs differ between hosts, relations must not. */
function linkRelations(value: unknown, path = '$', out = new Map<string, string>()): Map<string, string> {
  if (Array.isArray(value)) value.forEach((item, i) => linkRelations(item, `${path}[${i}]`, out));
  else if (isRecord(value))
    for (const [key, child] of Object.entries(value)) {
      if (key === '_links' && isRecord(child)) out.set(path, Object.keys(child).sort().join(','));
      else linkRelations(child, `${path}.${key}`, out);
    }
  return out;
}

function versionOf(path: string): ApiVersion | undefined {
  const v = /^\/stet\/psd2\/(v[\d.]+)\//.exec(path)?.[1];
  return v !== undefined && isApiVersion(v) ? v : undefined;
}

function schemaVerdict(
  version: ApiVersion | undefined,
  entry: HarEntry,
  status: number,
  json: unknown,
): string {
  if (version === undefined) return 'n/a';
  const validate = responseValidator(
    version,
    entry.request.method,
    new URL(entry.request.url).pathname,
    status,
  );
  if (validate === undefined) return 'n/a';
  return validate(json).valid ? 'valid' : 'invalid';
}

/**
 * Sends the recorded requests, in order, to another target and compares each answer with the
 * recorded one: status, error code, schema validity, and the `_links` relations. Values that differ
 * by nature (ids, tokens, codes, dates, request ids) are not compared; they are learnt from each answer
 * and substituted into the later requests, so a recorded flow (token, consent, accounts…) runs on:
 * JSON leaves at the same place, URL segments and query values (links, `Location`), the attributes of
 * journey pages (form actions), cookies set, and new PKCE pairs where the verifiers were redacted.
 */
export async function diffHar(
  har: Har,
  send: (request: ResentRequest) => Promise<ResentResponse>,
): Promise<ExchangeDiff[]> {
  const learnt = new LearntValues();
  learnt.learnPkce(har);
  const apply = (text: string): string => learnt.apply(text);
  // A fresh X-Request-ID per recorded one: a request that reuses an earlier id (the PISP status read
  // reuses the initiation's) reuses the same fresh id.
  const requestIds = new Map<string, string>();
  const diffs: ExchangeDiff[] = [];
  for (const [index, entry] of har.log.entries.entries()) {
    const url = new URL(apply(entry.request.url));
    const headers: Record<string, string> = {};
    for (const { name, value } of entry.request.headers)
      if (!recomputed.has(name.toLowerCase())) headers[name.toLowerCase()] = apply(value);
    const recordedId = headerOf(entry.request.headers, 'x-request-id');
    if (recordedId !== undefined) {
      const fresh = requestIds.get(recordedId) ?? randomUUID();
      requestIds.set(recordedId, fresh);
      headers['x-request-id'] = fresh;
    }
    const body = entry.request.postData === undefined ? undefined : apply(entry.request.postData.text);
    const response = await send({
      method: entry.request.method,
      host: url.host,
      path: `${url.pathname}${url.search}`,
      headers,
      body,
      signed: headerOf(entry.request.headers, 'signature') !== undefined,
    });
    const recordedJson = jsonOf(contentText(entry.response.content));
    const freshJson = jsonOf(response.text);
    const differences: string[] = [];
    if (response.status !== entry.response.status)
      differences.push(`status: recorded ${entry.response.status}, now ${response.status}`);
    const [recordedCode, freshCode] = [
      entry.response.status >= 400 ? codeOf(recordedJson) : undefined,
      response.status >= 400 ? codeOf(freshJson) : undefined,
    ];
    if (recordedCode !== freshCode)
      differences.push(`error code: recorded ${recordedCode ?? 'none'}, now ${freshCode ?? 'none'}`);
    const version = versionOf(url.pathname);
    const [recordedSchema, freshSchema] = [
      schemaVerdict(version, entry, entry.response.status, recordedJson),
      schemaVerdict(version, entry, response.status, freshJson),
    ];
    if (recordedSchema !== freshSchema)
      differences.push(`schema: recorded ${recordedSchema}, now ${freshSchema}`);
    const [recordedLinks, freshLinks] = [linkRelations(recordedJson), linkRelations(freshJson)];
    for (const path of new Set([...recordedLinks.keys(), ...freshLinks.keys()]))
      if (recordedLinks.get(path) !== freshLinks.get(path))
        differences.push(
          `links at ${path}: recorded [${recordedLinks.get(path) ?? ''}], now [${freshLinks.get(path) ?? ''}]`,
        );
    if (recordedJson !== undefined) learnt.learnJson(recordedJson, freshJson);
    else learnt.learnHtml(contentText(entry.response.content) ?? '', response.text);
    learnt.learnHeaders(entry.response.headers, response.headers);
    diffs.push({ index, request: `${entry.request.method} ${entry.request.url}`, differences });
  }
  return diffs;
}
