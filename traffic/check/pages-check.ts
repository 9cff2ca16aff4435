import { isRecord } from '../har/har-access.ts';
import { requestHeader, type ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

const rule = 'AIS-TRX-PAGES-COMPLETE';

/** The pages of one transaction list read so far, and the page each entry was first shown on. */
interface SeenPages {
  pages: Set<string>;
  seen: Map<string, string>;
}

function entryIds(body: unknown): string[] {
  const list = isRecord(body) ? body['transactions'] : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((t) => {
    if (!isRecord(t)) return [];
    const id = t['resourceId'] ?? t['entryReference'];
    return typeof id === 'string' ? [id] : [];
  });
}

/**
 * The pages of one transaction list join without overlap: an entry shown on one page of a list (the
 * same account, query and session, another `page`) is not shown again on another page. The seed's
 * pagination hands out a range page by page (its first page holds 200 entries "when more exist"), so
 * an entry repeated on the next page is one the pages show twice, whatever order the bank lists them in.
 */
export class PagesCheck implements TrafficCheck {
  private readonly lists = new Map<string, SeenPages>();

  check(view: ExchangeView): Finding[] {
    if (view.method !== 'GET' || view.template?.endsWith('/transactions') !== true || view.status !== 200)
      return [];
    const query = new URLSearchParams(view.url.search);
    const page = query.get('page') ?? '1';
    query.delete('page');
    query.sort();
    const key = `${view.url.host} ${view.url.pathname}?${query.toString()} ${requestHeader(view, 'authorization') ?? ''}`;
    const list = this.lists.get(key) ?? { pages: new Set<string>(), seen: new Map<string, string>() };
    this.lists.set(key, list);
    const { pages, seen } = list;
    const ids = entryIds(view.responseJson);
    const repeated = ids.filter((id) => {
      const other = seen.get(id);
      return other !== undefined && other !== page;
    });
    for (const id of ids) if (!seen.has(id)) seen.set(id, page);
    const first = [...pages].every((p) => p === page);
    pages.add(page);
    // A list's first page read (or the same page read again) has no other page to join.
    if (first) return [];
    return repeated.length === 0
      ? [pass(rule, view, `page ${page} repeats no entry of the list's other pages`)]
      : [
          fail(
            rule,
            view,
            `page ${page} repeats ${repeated.length} entr${repeated.length === 1 ? 'y' : 'ies'} of another page of the same list: ${repeated
              .map((id) => `${id} (page ${seen.get(id) ?? '?'})`)
              .join(', ')}`,
            'each entry on one page only',
            repeated,
          ),
        ];
  }
}
