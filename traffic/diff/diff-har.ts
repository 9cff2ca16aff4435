import { randomUUID } from 'node:crypto';
import { getRule, operationScope, type ApiVersion } from '../../spec/lib/index.ts';
import { judgeHar } from '../check/check-har.ts';
import type { Finding } from '../check/finding.ts';
import type { Har, HarEntry } from '../har/har.ts';
import { contentText, headerOf, isRecord, jsonOf } from '../har/har-access.ts';
import { harEntry } from '../har/har-entry-builder.ts';
import { assertStetHar, pathVersion } from '../har/stet-har.ts';
import { LearntValues } from './learnt-values.ts';
import { refusalRules } from './refusal-rules.ts';

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

/** One behaviour that differs, with the rules it breaks (empty when no rule of the catalogue names it). */
export interface Difference {
  rules: string[];
  message: string;
}

/**
 * True for a difference only under rules that are our choices (`basis: choice`, where the seed is
 * silent): advisory, failing `diff` only with `--strict`.
 */
export function isAdvisory(difference: Difference): boolean {
  return difference.rules.length > 0 && difference.rules.every((id) => getRule(id)?.basis.kind === 'choice');
}

/** Differences of one exchange; empty `differences` means it behaves alike. */
export interface ExchangeDiff {
  index: number;
  request: string;
  differences: Difference[];
}

/** Where {@link diffHar} gets what the recording cannot give. */
export interface DiffOptions {
  /**
   * A fresh access token of `scope` (aisp, cbpii, pisp…) at the institution `host`, for a call whose
   * token was issued before the recording started (no token response of the recording issued it):
   * re-sent as recorded it could only be refused 401, which is not the target's fault. Undefined when
   * none can be had; the call is then sent with the recorded token.
   */
  freshToken?: (request: { scope: string; host: string }) => Promise<string | undefined>;
  /** Called after each exchange is re-sent (progress of long recordings). */
  onExchange?: (done: number, total: number) => void;
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

function codeOf(status: number, text: string | undefined): string | undefined {
  const json = status >= 400 ? jsonOf(text) : undefined;
  if (!isRecord(json)) return undefined;
  const code = json['message'] ?? json['error'];
  return typeof code === 'string' ? code : undefined;
}

/** The tokens the recording's own token responses issued: those can be re-obtained by re-sending. */
function issuedTokens(har: Har): Set<string> {
  const issued = new Set<string>();
  for (const entry of har.log.entries) {
    if (!new URL(entry.request.url).pathname.endsWith('/oauth/token')) continue;
    const body = jsonOf(contentText(entry.response.content));
    if (isRecord(body))
      for (const field of ['access_token', 'refresh_token'])
        if (typeof body[field] === 'string') issued.add(body[field]);
  }
  return issued;
}

function bearerOf(entry: HarEntry): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(headerOf(entry.request.headers, 'authorization') ?? '')?.[1];
}

/** Per exchange index and rule: failed if any finding of that rule failed there, with its message. */
function verdicts(findings: readonly Finding[]): Map<number, Map<string, Finding>> {
  const byIndex = new Map<number, Map<string, Finding>>();
  for (const finding of findings) {
    const rules = byIndex.get(finding.exchange.index) ?? new Map<string, Finding>();
    const known = rules.get(finding.rule);
    if (known === undefined || (known.verdict === 'passed' && finding.verdict === 'failed'))
      rules.set(finding.rule, finding);
    byIndex.set(finding.exchange.index, rules);
  }
  return byIndex;
}

function flatHeaders(headers: Readonly<Record<string, string | string[]>>): Array<[string, string]> {
  // The client hands back decoded bodies: their content-encoding no longer applies.
  return Object.entries(headers)
    .filter(([name]) => name.toLowerCase() !== 'content-encoding')
    .flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]),
    );
}

/**
 * Re-sends the recorded requests, in order, to another target, and compares the verdicts of the same
 * judgements `check` makes on both sides (status documented per operation, schema, error code and body,
 * links against the consent, date bounds, echoes, token fields) plus the status and error code of each
 * answer, rather than raw bodies. A difference names the rules it breaks: the rule of a judgement that
 * passes on the recording and fails on the target, or, for a refusal the target no longer makes (or a
 * new one), the rules that name the refusal's code.
 *
 * Values that differ by nature (ids, tokens, codes, IBANs of a cloned PSU, journey ids) are learnt from
 * each answer and substituted into the later requests (see {@link LearntValues}); PKCE pairs are
 * renewed in step, and a verifier the recording sent wrong stays wrong; a call whose token predates the
 * recording gets a fresh one from {@link DiffOptions.freshToken}. Throws `ERR_HAR_NOT_STET` for a HAR
 * without STET PSD2 traffic.
 */
export async function diffHar(
  har: Har,
  send: (request: ResentRequest) => Promise<ResentResponse>,
  options: DiffOptions = {},
): Promise<ExchangeDiff[]> {
  let version: ApiVersion | undefined = assertStetHar(har)[0];
  const learnt = new LearntValues();
  const keptWrong = learnt.learnPkce(har);
  const issued = issuedTokens(har);
  // A fresh X-Request-ID per recorded one: a request that reuses an earlier id (the PISP status read
  // reuses the initiation's) reuses the same fresh id.
  const requestIds = new Map<string, string>();
  const fresh: HarEntry[] = [];
  const total = har.log.entries.length;
  for (const entry of har.log.entries) {
    const recordedUrl = new URL(entry.request.url);
    version = pathVersion(recordedUrl.pathname) ?? version;
    const bearer = bearerOf(entry);
    if (
      bearer !== undefined &&
      options.freshToken !== undefined &&
      !issued.has(bearer) &&
      !learnt.has(bearer) &&
      version !== undefined
    ) {
      const scope = operationScope(version, entry.request.method, recordedUrl.pathname);
      const token =
        scope === undefined ? undefined : await options.freshToken({ scope, host: recordedUrl.host });
      if (token !== undefined) learnt.set(bearer, token);
    }
    const url = new URL(learnt.apply(entry.request.url));
    const headers: Record<string, string> = {};
    for (const { name, value } of entry.request.headers)
      if (!recomputed.has(name.toLowerCase())) headers[name.toLowerCase()] = learnt.apply(value);
    const recordedId = headerOf(entry.request.headers, 'x-request-id');
    if (recordedId !== undefined) {
      const id = requestIds.get(recordedId) ?? randomUUID();
      requestIds.set(recordedId, id);
      headers['x-request-id'] = id;
    }
    const body = entry.request.postData === undefined ? undefined : learnt.apply(entry.request.postData.text);
    const startedAt = new Date();
    const response = await send({
      method: entry.request.method,
      host: url.host,
      path: `${url.pathname}${url.search}`,
      headers,
      body,
      signed: headerOf(entry.request.headers, 'signature') !== undefined,
    });
    fresh.push(
      harEntry({
        startedAt,
        method: entry.request.method,
        url: url.toString(),
        requestHeaders: Object.entries(headers),
        requestBody: Buffer.from(body ?? '', 'utf8'),
        status: response.status,
        statusText: '',
        responseHeaders: flatHeaders(response.headers),
        responseBody: Buffer.from(response.text, 'utf8'),
        waitMs: Date.now() - startedAt.getTime(),
        receiveMs: 0,
      }),
    );
    const recordedText = contentText(entry.response.content);
    const recordedJson = jsonOf(recordedText);
    if (recordedJson !== undefined) learnt.learnJson(recordedJson, jsonOf(response.text));
    else learnt.learnHtml(recordedText ?? '', response.text);
    learnt.learnHeaders(entry.response.headers, response.headers);
    options.onExchange?.(fresh.length, total);
  }
  return compare(har, { log: { ...har.log, entries: fresh } }, keptWrong);
}

/** The differences of the verdicts on the recording and on the target's answers, exchange by exchange. */
function compare(recorded: Har, fresh: Har, keptWrong: ReadonlySet<number>): ExchangeDiff[] {
  const before = verdicts(judgeHar(recorded).findings);
  const after = verdicts(judgeHar(fresh).findings);
  let version: ApiVersion | undefined;
  return recorded.log.entries.map((entry, index) => {
    version = pathVersion(new URL(entry.request.url).pathname) ?? version;
    const now = fresh.log.entries[index];
    const differences: Difference[] = [];
    if (now !== undefined) {
      const was = {
        status: entry.response.status,
        code: codeOf(entry.response.status, contentText(entry.response.content)),
      };
      const is = {
        status: now.response.status,
        code: codeOf(now.response.status, contentText(now.response.content)),
      };
      if (was.status !== is.status || was.code !== is.code) {
        const code = was.code ?? is.code;
        const rules = [
          ...(code === undefined ? [] : refusalRules(code, version)),
          // A verifier the recording sent wrong (and the diff kept wrong) must still be refused.
          ...(keptWrong.has(index) ? ['PIS-CONFIRMATION-TOKEN-PKCE'] : []),
        ];
        const show = (v: { status: number; code: string | undefined }): string =>
          `${v.status}${v.code === undefined ? '' : ` ${v.code}`}`;
        differences.push({ rules, message: `status: recorded ${show(was)}, now ${show(is)}` });
      }
    }
    const a = before.get(index) ?? new Map<string, Finding>();
    const b = after.get(index) ?? new Map<string, Finding>();
    for (const rule of new Set([...a.keys(), ...b.keys()])) {
      const [was, is] = [a.get(rule), b.get(rule)];
      if (is?.verdict === 'failed' && was?.verdict !== 'failed')
        differences.push({ rules: [rule], message: is.message });
      else if (was?.verdict === 'failed' && is?.verdict === 'passed')
        differences.push({ rules: [rule], message: `passes now; the recording deviated: ${was.message}` });
    }
    return { index, request: `${entry.request.method} ${entry.request.url}`, differences };
  });
}
