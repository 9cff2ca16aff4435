import type { Har } from '../har/har.ts';
import { contentText, headerOf } from '../har/har-access.ts';
import { distanceOf, RequestPattern, type Comparison, type IncomingRequest } from './request-pattern.ts';

/** The answer the replay server sends. */
export interface ReplayAnswer {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** Index of the recorded entry answered, or undefined for a no-match error. */
  entry: number | undefined;
}

/** Options of a {@link ReplayBook}. */
export interface ReplayOptions {
  /** Request headers (lower-case) that must also match; none by default. */
  matchHeaders?: readonly string[];
}

/** Status of the no-match answer: the replay does not implement a request it never saw. */
export const noMatchStatus = 501;

/** Response fields the replay recomputes (the body is served decoded, its length may differ). */
const recomputed = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'content-encoding',
]);

/** Lexicographic comparison of two ranks of the same length. */
function isHigher(rank: readonly number[], than: readonly number[]): boolean {
  for (let i = 0; i < rank.length; i += 1) {
    const a = rank[i] ?? 0;
    const b = than[i] ?? 0;
    if (a !== b) return a > b;
  }
  return false;
}

/**
 * The recorded exchanges as a mock institution host: finds the recorded exchange of a request and
 * answers it, identical requests in recorded order, or explains why nothing matches.
 *
 * Choice among matching exchanges: the one whose placeholders the client echoed exactly (the same
 * bearer token: the same flow) first, then the first not yet answered, then (all answered) the last
 * one answered again.
 *
 * Values the client draws at random (OAuth `state`, PKCE, payment ids: see `volatileFields`) are
 * learnt for the whole session: once a request showed that the recorded `state` is now the client's,
 * every later answer carrying the recorded value (the callback `Location`, the PISP token response's
 * `state`) carries the client's instead. The client's `X-Request-ID` is echoed in the answer to its
 * own request.
 */
export class ReplayBook {
  private readonly patterns: RequestPattern[];
  private readonly byMethod = new Map<string, RequestPattern[]>();
  private readonly answered = new Set<number>();
  /** Recorded volatile value → the value the client used instead, for the rest of the session. */
  private readonly learnt = new Map<string, string>();

  constructor(har: Har, options: ReplayOptions = {}) {
    const matchHeaders = (options.matchHeaders ?? []).map((h) => h.toLowerCase());
    this.patterns = har.log.entries.map((entry, index) => new RequestPattern(entry, index, matchHeaders));
    for (const pattern of this.patterns) {
      const key = `${pattern.method} ${pattern.segments.length}`;
      const list = this.byMethod.get(key) ?? [];
      list.push(pattern);
      this.byMethod.set(key, list);
    }
  }

  /** Forgets which exchanges were answered (a new run starts from the first). */
  reset(): void {
    this.answered.clear();
    this.learnt.clear();
  }

  /** The answer to `request`: a recorded response, or a {@link noMatchStatus} error naming the closest requests. */
  answer(request: IncomingRequest): ReplayAnswer {
    const url = new URL(request.url);
    const candidates = this.byMethod.get(`${request.method} ${url.pathname.split('/').length}`) ?? [];
    let best: { pattern: RequestPattern; comparison: Comparison; rank: number[] } | undefined;
    for (const pattern of candidates) {
      const comparison = pattern.compare(request, url);
      if (comparison.differences.length > 0) continue;
      const used = this.answered.has(pattern.index);
      const rank = [comparison.exactness, used ? 0 : 1, used ? pattern.index : -pattern.index];
      if (best === undefined || isHigher(rank, best.rank)) best = { pattern, comparison, rank };
    }
    if (best === undefined) return this.noMatch(request, url);
    this.answered.add(best.pattern.index);
    return this.recorded(best.pattern, best.comparison, request);
  }

  private recorded(pattern: RequestPattern, comparison: Comparison, request: IncomingRequest): ReplayAnswer {
    const { entry } = pattern;
    for (const [recorded, sent] of comparison.echoes) this.learnt.set(recorded, sent);
    const echoes = new Map(this.learnt);
    const recordedId = headerOf(entry.request.headers, 'x-request-id');
    const sentId = request.headers['x-request-id'];
    if (recordedId !== undefined && sentId !== undefined && recordedId !== sentId)
      echoes.set(recordedId, sentId);
    // Longest first, so a recorded value never rewrites part of a longer one.
    const pairs = [...echoes].sort(([a], [b]) => b.length - a.length);
    const echo = (text: string): string => {
      let out = text;
      for (const [recorded, sent] of pairs) out = out.split(recorded).join(sent);
      return out;
    };
    const headers: Array<[string, string]> = entry.response.headers
      .filter((h) => !recomputed.has(h.name.toLowerCase()))
      .map((h) => [h.name, echo(h.value)]);
    const text =
      entry.response.content.encoding === 'base64' ? undefined : contentText(entry.response.content);
    const body =
      text === undefined
        ? Buffer.from(
            entry.response.content.text ?? '',
            entry.response.content.encoding === 'base64' ? 'base64' : 'utf8',
          )
        : Buffer.from(echo(text), 'utf8');
    // The length of the body as served (decoded, echoes applied), so keep-alive connections stay usable.
    headers.push(['content-length', String(body.length)]);
    return { status: entry.response.status, headers, body, entry: pattern.index };
  }

  private noMatch(request: IncomingRequest, url: URL): ReplayAnswer {
    const closest = this.patterns
      .map((pattern) => {
        const { differences } = pattern.compare(request, url);
        return { pattern, differences, distance: distanceOf(differences) };
      })
      .sort((a, b) => a.distance - b.distance || a.pattern.index - b.pattern.index)
      .slice(0, 3)
      .map(({ pattern, differences }) => ({ entry: pattern.index, request: pattern.label, differences }));
    const body = {
      timestamp: new Date().toISOString(),
      status: noMatchStatus,
      error: 'Not Implemented',
      message: 'REPLAY_NO_MATCH',
      path: url.pathname,
      detail: `no recorded exchange matches ${request.method} ${url.pathname}${url.search}`,
      closest,
    };
    const headers: Array<[string, string]> = [
      ['content-type', 'application/json'],
      ['x-replay', 'no-match'],
    ];
    const sentId = request.headers['x-request-id'];
    if (sentId !== undefined) headers.push(['x-request-id', sentId]);
    const bytes = Buffer.from(JSON.stringify(body, null, 2));
    headers.push(['content-length', String(bytes.length)]);
    return { status: noMatchStatus, headers, body: bytes, entry: undefined };
  }
}
