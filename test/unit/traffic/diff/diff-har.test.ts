import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  diffHar,
  isAdvisory,
  type ResentRequest,
  type ResentResponse,
} from '../../../../traffic/diff/diff-har.ts';
import type { Har } from '../../../../traffic/har/har.ts';
import { parseHar } from '../../../../traffic/har/parse-har.ts';
import { ReplayBook } from '../../../../traffic/replay/replay-book.ts';

const fixture = parseHar(readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8'));

/** Another "target": a replay of `har` on the recording's day, recording what it was sent. */
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
        // The other target serves on the day of the recording (the 90-day history is judged on its Date).
        headers: { ...Object.fromEntries(answer.headers), date: 'Mon, 02 Jun 2025 09:00:10 GMT' },
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

  it('reports a changed refusal under the rules naming its code, and a judgement that now fails under its rule', async () => {
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
      { rules: ['AIS-ACC-NOT-CONSENTED-NGAC'], message: 'status: recorded 403 NGAC, now 404 AC01' },
    ]);
    // An owners relation is not one of v1.4.2's account links: the closed link object is our choice.
    expect(diffs[3]?.differences.map((d) => d.rules)).toEqual([
      ['AIS-ACC-LINK-TRANSACTIONS'],
      ['TRN-NO-EXTRA-FIELDS'],
    ]);
    expect(diffs.filter((d) => d.differences.length > 0).map((d) => d.index)).toEqual([3, 6]);
  });

  it('reports a PUT /consents answered 200 by the target under the seed rule CNS-PUT-201, not as advisory', async () => {
    const other = structuredClone(fixture);
    const put = other.log.entries[2];
    if (put === undefined) throw new Error('fixture changed');
    put.response.status = 200;
    const diffs = await diffHar(fixture, targetOf(other).send);
    const differences = diffs[2]?.differences ?? [];
    expect(differences.map((d) => d.rules)).toEqual([[], ['CNS-PUT-201']]);
    expect(differences.some(isAdvisory)).toBe(false);
  });

  it('marks a difference only under rules that are our choices as advisory', async () => {
    const other = structuredClone(fixture);
    const error = other.log.entries[6];
    if (error?.response.content.text === undefined) throw new Error('fixture changed');
    // Same status and code, but the error body's status is a string: only ERR-STET-BODY (basis: choice).
    error.response.content.text = error.response.content.text.replace('"status":403', '"status":"403"');
    const diffs = await diffHar(fixture, targetOf(other).send);
    const differences = diffs.flatMap((d) => d.differences);
    expect(differences.map((d) => d.rules)).toEqual([['ERR-STET-BODY']]);
    expect(differences.every(isAdvisory)).toBe(true);
    expect(isAdvisory({ rules: ['AIS-ACC-NOT-CONSENTED-NGAC'], message: '' })).toBe(false);
    expect(isAdvisory({ rules: [], message: 'status: recorded 201, now 200' })).toBe(false);
  });

  it('refuses a HAR without STET PSD2 traffic (ERR_HAR_NOT_STET)', async () => {
    const empty: Har = { log: { ...fixture.log, entries: [] } };
    await expect(diffHar(empty, targetOf(fixture).send)).rejects.toMatchObject({ code: 'ERR_HAR_NOT_STET' });
  });
});
