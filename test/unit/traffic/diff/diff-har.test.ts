import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffHar, type ResentRequest, type ResentResponse } from '../../../../traffic/diff/diff-har.ts';
import type { Har } from '../../../../traffic/har/har.ts';
import { parseHar } from '../../../../traffic/har/parse-har.ts';
import { ReplayBook } from '../../../../traffic/replay/replay-book.ts';

const fixture = parseHar(readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8'));

/** Another "target": a replay of `har`, recording what it was sent. */
function targetOf(har: Har): { send: (r: ResentRequest) => Promise<ResentResponse>; sent: ResentRequest[] } {
  const book = new ReplayBook(har);
  const sent: ResentRequest[] = [];
  return {
    sent,
    send: async (request) => {
      sent.push(request);
      const answer = book.answer({
        method: request.method,
        url: `https://${request.host}${request.path}`,
        headers: request.headers,
        body: request.body ?? '',
      });
      return {
        status: answer.status,
        headers: Object.fromEntries(answer.headers),
        text: answer.body.toString(),
      };
    },
  };
}

describe('diffHar', () => {
  it('finds no difference against a target that answers alike, whatever its ids and tokens', async () => {
    const other = structuredClone(fixture);
    const token = other.log.entries[1];
    if (token?.response.content.text === undefined) throw new Error('fixture changed');
    token.response.content.text = token.response.content.text.replace(
      'at-7f3a9c1e5b2d4f6a8c0e',
      'another-token-value',
    );
    for (const e of other.log.entries.slice(2))
      e.request.headers = e.request.headers.map((h) =>
        h.name === 'authorization' ? { ...h, value: 'Bearer another-token-value' } : h,
      );
    const { send, sent } = targetOf(other);
    const diffs = await diffHar(fixture, send);
    expect(diffs.filter((d) => d.differences.length > 0)).toEqual([]);
    // The token learnt from the token answer is the one sent afterwards.
    expect(sent[3]?.headers['authorization']).toBe('Bearer another-token-value');
    expect(sent[3]?.signed).toBe(true);
  });

  it('reports status, error code, schema and link differences per exchange', async () => {
    const other = structuredClone(fixture);
    const error = other.log.entries[6];
    const accounts = other.log.entries[3];
    if (error === undefined || accounts?.response.content.text === undefined)
      throw new Error('fixture changed');
    error.response.status = 404;
    error.response.content.text = error.response.content.text?.replace('NGAC', 'AC01');
    accounts.response.content.text = accounts.response.content.text.replace(
      '"transactions":{"href"',
      '"owners":{"href"',
    );
    const diffs = await diffHar(fixture, targetOf(other).send);
    expect(diffs[6]?.differences).toEqual([
      'status: recorded 403, now 404',
      'error code: recorded NGAC, now AC01',
    ]);
    expect(diffs[3]?.differences).toContain(
      'links at $.accounts[0]: recorded [balances,transactions], now [balances,owners]',
    );
  });
});
