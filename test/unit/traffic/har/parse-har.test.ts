import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../../../lib/coded-error.ts';
import { parseHar } from '../../../../traffic/har/parse-har.ts';

const fixture = readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8');

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return isCodedError(error) ? error.code : 'not a coded error';
  }
}

describe('parseHar', () => {
  it('parses a HAR 1.2 file into entries with request and response', () => {
    const har = parseHar(fixture);
    expect(har.log.entries).toHaveLength(7);
    const tx = har.log.entries[5];
    expect(tx?.request.method).toBe('GET');
    expect(tx?.request.queryString).toEqual([
      { name: 'dateFrom', value: '2025-05-01' },
      { name: 'dateTo', value: '2025-05-03' },
    ]);
    expect(tx?.response.status).toBe(200);
  });

  it('fills in what real exporters leave out: queryString from the URL, sizes and timings', () => {
    const har = parseHar(
      JSON.stringify({
        log: {
          version: '1.2',
          entries: [
            {
              startedDateTime: '2025-01-01T00:00:00Z',
              request: { method: 'get', url: 'https://h.example/a?x=1', headers: [] },
              response: { status: 200, headers: [], content: { mimeType: 'text/plain', text: 'ok' } },
            },
          ],
        },
      }),
    );
    const e = har.log.entries[0];
    expect(e?.request.method).toBe('GET');
    expect(e?.request.queryString).toEqual([{ name: 'x', value: '1' }]);
    expect(e?.response.content.size).toBe(2);
    expect(e?.timings.wait).toBe(-1);
  });

  it('refuses text that is not JSON with ERR_HAR_INVALID', () => {
    expect(codeOf(() => parseHar('<html>'))).toBe('ERR_HAR_INVALID');
  });

  it('names the wrong field of a JSON document that is not HAR', () => {
    expect(() =>
      parseHar('{"log":{"entries":[{"startedDateTime":"2025-01-01T00:00:00Z","request":{"method":"GET"}}]}}'),
    ).toThrow(/\$\.log\.entries\[0\]\.request\.url must be a string/);
    expect(codeOf(() => parseHar('{"openapi":"3.1.0"}'))).toBe('ERR_HAR_INVALID');
  });

  it('refuses a relative request URL', () => {
    expect(() =>
      parseHar(
        '{"log":{"entries":[{"startedDateTime":"2025-01-01T00:00:00Z","request":{"method":"GET","url":"/a","headers":[]},"response":{"status":200,"headers":[],"content":{}}}]}}',
      ),
    ).toThrow(/not an absolute URL/);
  });
});
