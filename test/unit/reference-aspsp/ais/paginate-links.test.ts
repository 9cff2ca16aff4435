import { describe, expect, it } from 'vitest';
import { pageLinks, withPage } from '../../../../reference-aspsp/ais/links.ts';
import { paginate, parsePage, transactionPageSize } from '../../../../reference-aspsp/ais/paginate.ts';
import { noFaults } from '../../../../reference-aspsp/faults/no-faults.ts';

describe('pagination', () => {
  it('cuts 450 transactions in pages of 200, 200 and 50', () => {
    const items = Array.from({ length: 450 }, (_, i) => i);
    const pages = [1, 2, 3].map((n) =>
      paginate(items, { page: n, size: transactionPageSize, faults: noFaults }),
    );
    expect(pages.map((p) => (p === 'IPGN' ? p : p.items.length))).toEqual([200, 200, 50]);
    expect(paginate(items, { page: 4, size: transactionPageSize, faults: noFaults })).toBe('IPGN');
  });

  it('has one page for an empty list and IPGN for page 2', () => {
    expect(paginate([], { page: 1, size: 200, faults: noFaults })).toEqual({
      items: [],
      page: 1,
      lastPage: 1,
    });
    expect(paginate([], { page: 2, size: 200, faults: noFaults })).toBe('IPGN');
  });

  it('refuses page values that are not positive integers', () => {
    for (const bad of ['0', '-1', 'abc', '1.5', '']) expect(parsePage(bad)).toBe('IPGN');
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
  });
});

describe('pageLinks', () => {
  it('links first, last, next and previous keeping the filters', () => {
    const query = new URLSearchParams({ dateFrom: '2025-03-01', page: '2' });
    const links = pageLinks({ path: '/p', query, page: 2, lastPage: 3 });
    expect(links).toEqual({
      self: { href: '/p?dateFrom=2025-03-01&page=2' },
      first: { href: '/p?dateFrom=2025-03-01&page=1' },
      last: { href: '/p?dateFrom=2025-03-01&page=3' },
      next: { href: '/p?dateFrom=2025-03-01&page=3' },
      previous: { href: '/p?dateFrom=2025-03-01&page=1' },
    });
  });

  it('has neither next nor previous on a single page', () => {
    const links = pageLinks({ path: '/p', query: new URLSearchParams(), page: 1, lastPage: 1 });
    expect(Object.keys(links).sort()).toEqual(['first', 'last', 'self']);
    expect(withPage('/p', new URLSearchParams(), undefined)).toBe('/p');
  });
});
