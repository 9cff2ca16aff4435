import type { ApiVersion } from '../../spec/lib/index.ts';
import type { AccountItem } from './account-catalogue.ts';
import { isGranted, versionHasFunction } from './access.ts';
import type { AisRequest } from './ais-request.ts';
import { aisFunctions } from './consent.ts';

/** A link of a `_links` object (seed: Links object). */
export interface Href {
  readonly href: string;
  readonly templated?: boolean;
}

/** Path of the account list of a version. */
export function accountsPath(version: ApiVersion): string {
  return `/stet/psd2/${version}/accounts`;
}

/** Path of one function of one account or card. */
export function functionPath(version: ApiVersion, resourceId: string, fn: string): string {
  return `${accountsPath(version)}/${encodeURIComponent(resourceId)}/${fn}`;
}

/** Path of the end-user identity of a version. */
export function identityPath(version: ApiVersion): string {
  return `/stet/psd2/${version}/end-user-identity`;
}

/**
 * `_links` of one entry of GET /accounts: a link per function the consent grants on it and the
 * version has, nothing else (seed: GET /accounts behaviour; never trusted beneficiaries).
 */
export function linksFor(
  request: Pick<AisRequest, 'data' | 'consent' | 'profile' | 'faults' | 'choices'>,
  item: AccountItem,
): Record<string, Href> {
  const links: Record<string, Href> = {};
  const templated = request.choices.of('AIS-ACC-LINKS-NOT-TEMPLATED');
  for (const fn of aisFunctions) {
    let granted = isGranted(request, item, fn);
    // A bank linking the transactions of an account consented for its balances only.
    if (request.faults.has('transactions-link-for-balances-consent')) {
      if (fn === 'transactions' && isGranted(request, item, 'balances')) granted = true;
    }
    if (versionHasFunction(request, fn) && granted) {
      links[fn] = { href: functionPath(request.profile.version, item.resourceId, fn), templated };
    }
  }
  return links;
}

/** `href` of `path` with the query, `page` set to `page` (or dropped when undefined). */
export function withPage(path: string, query: URLSearchParams, page: number | undefined): string {
  const next = new URLSearchParams(query);
  next.delete('page');
  if (page !== undefined) next.set('page', String(page));
  const text = next.toString();
  return text === '' ? path : `${path}?${text}`;
}

/**
 * Pagination links of a paged list: self (the request as made), first, last, and next / previous when
 * those pages exist. Other query parameters are kept so following a link keeps the filters.
 */
export function pageLinks(options: {
  path: string;
  query: URLSearchParams;
  page: number;
  lastPage: number;
}): Record<string, Href> {
  const { path, query, page, lastPage } = options;
  const links: Record<string, Href> = {
    self: { href: withPage(path, query, query.has('page') ? page : undefined) },
    first: { href: withPage(path, query, 1) },
    last: { href: withPage(path, query, lastPage) },
  };
  if (page < lastPage) links.next = { href: withPage(path, query, page + 1) };
  if (page > 1) links.previous = { href: withPage(path, query, page - 1) };
  return links;
}
