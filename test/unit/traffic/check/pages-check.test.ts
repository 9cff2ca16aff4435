import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRule } from '../../../../spec/lib/index.ts';
import { checkHar } from '../../../../traffic/check/check-har.ts';
import type { Har } from '../../../../traffic/har/har.ts';
import { parseHar } from '../../../../traffic/har/parse-har.ts';

const fixture = parseHar(readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8'));

/** The fixture with a second page of its transaction list, whose entry gets `resourceId`. */
function withSecondPage(resourceId: string, page = '2'): Har {
  const har = structuredClone(fixture);
  const first = har.log.entries[5];
  if (first?.response.content.text === undefined) throw new Error('fixture changed');
  const second = structuredClone(first);
  second.request.url = `${first.request.url}&page=${page}`;
  second.response.content.text = first.response.content.text
    .replace('"trx-1"', `"${resourceId}"`)
    .replace(/"self":\{"href":"([^"]*)"\}/, `"self":{"href":"$1&page=${page}"}`);
  har.log.entries.splice(6, 0, second);
  return har;
}

function pageFindings(har: Har): Array<[string, string]> {
  return checkHar(har)
    .filter((f) => f.rule === 'AIS-TRX-PAGES-COMPLETE')
    .map((f) => [f.verdict, f.message]);
}

describe('pages of one transaction list', () => {
  it('fails a second page that shows again an entry of the first, under the seed rule of complete pages', () => {
    expect(pageFindings(withSecondPage('trx-1'))).toEqual([
      ['failed', 'page 2 repeats 1 entry of another page of the same list: trx-1 (page 1)'],
    ]);
    expect(getRule('AIS-TRX-PAGES-COMPLETE')?.basis.kind).toBe('seed');
  });

  it('passes a second page with entries of its own, whatever their order', () => {
    expect(pageFindings(withSecondPage('trx-0'))).toEqual([
      ['passed', "page 2 repeats no entry of the list's other pages"],
    ]);
  });

  it('does not judge the same page read twice, nor a first page alone', () => {
    expect(pageFindings(withSecondPage('trx-1', '1'))).toEqual([]);
    expect(pageFindings(fixture)).toEqual([]);
  });
});
