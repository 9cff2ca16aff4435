import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageLinks } from '../../reference-aspsp/ais/links.ts';
import { paginate, parsePage, type Page } from '../../reference-aspsp/ais/paginate.ts';
import { propertyRuns } from './property-runs.ts';
import { noFaults } from '../../reference-aspsp/faults/no-faults.ts';

const list = fc.array(fc.nat(), { maxLength: 700 });
const pageSize = fc.integer({ min: 1, max: 250 });

function pageOf<T>(items: readonly T[], page: number, size: number): Page<T> {
  const result = paginate(items, { page, size, faults: noFaults });
  if (result === 'IPGN') throw new Error(`page ${page} of ${items.length} items refused`);
  return result;
}

describe('pagination', () => {
  it('cuts the list into pages that partition it: nothing lost, nothing twice, order kept', () => {
    fc.assert(
      fc.property(list, pageSize, (items, size) => {
        const first = pageOf(items, 1, size);
        const seen: number[] = [];
        for (let page = 1; page <= first.lastPage; page++) {
          const current = pageOf(items, page, size);
          expect(current.lastPage).toBe(first.lastPage);
          expect(current.items.length).toBeLessThanOrEqual(size);
          if (page < first.lastPage) expect(current.items.length).toBe(size);
          seen.push(...current.items);
        }
        expect(seen).toEqual(items);
      }),
      propertyRuns(),
    );
  });

  it('refuses with IPGN every page before the first and after the last', () => {
    fc.assert(
      fc.property(list, pageSize, fc.integer({ min: 1, max: 1000 }), (items, size, beyond) => {
        const { lastPage } = pageOf(items, 1, size);
        expect(paginate(items, { page: lastPage + beyond, size, faults: noFaults })).toBe('IPGN');
        expect(paginate(items, { page: 1 - beyond, size, faults: noFaults })).toBe('IPGN');
      }),
      propertyRuns(),
    );
  });

  it('gives the same page for the same request (stable order)', () => {
    fc.assert(
      fc.property(list, pageSize, fc.nat(), (items, size, pick) => {
        const { lastPage } = pageOf(items, 1, size);
        const page = (pick % lastPage) + 1;
        expect(pageOf([...items], page, size)).toEqual(pageOf(items, page, size));
      }),
      propertyRuns(),
    );
  });

  it('links next from the first page to the last, one page at a time, keeping the other filters', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.stringMatching(/^[0-9]{1,4}$/), (lastPage, ref) => {
        const path = '/stet/psd2/v1/accounts/a1/transactions';
        let query = new URLSearchParams({ entryReferenceFrom: ref });
        const visited: number[] = [];
        for (let page = 1; ;) {
          visited.push(page);
          const links = pageLinks({ path, query, page, lastPage });
          expect(links.first?.href).toContain('page=1');
          expect(links.last?.href).toContain(`page=${lastPage}`);
          if (page > 1) expect(links.previous?.href).toContain(`page=${page - 1}`);
          else expect(links.previous).toBeUndefined();
          const next = links.next?.href;
          if (next === undefined) break;
          query = new URL(next, 'https://bank.example').searchParams;
          expect(query.get('entryReferenceFrom')).toBe(ref);
          const parsed = parsePage(query.get('page'));
          if (parsed === 'IPGN') throw new Error(`next link ${next} has no page`);
          page = parsed;
        }
        expect(visited).toEqual(Array.from({ length: lastPage }, (_v, i) => i + 1));
      }),
      propertyRuns(),
    );
  });

  it('parses every positive page number and refuses anything else with IPGN', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), (page) => {
        expect(parsePage(String(page))).toBe(page);
      }),
      propertyRuns(),
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }).filter((text) => !/^[1-9]\d{0,8}$/.test(text)),
        (text) => {
          expect(parsePage(text)).toBe('IPGN');
        },
      ),
      propertyRuns(),
    );
  });
});
