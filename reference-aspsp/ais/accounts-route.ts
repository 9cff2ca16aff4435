import { apiVersions } from '../../spec/lib/index.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';
import { listedItems } from './account-catalogue.ts';
import { countAccess, aisReadRoute } from './ais-request.ts';
import { accountsPath, identityPath, pageLinks } from './links.ts';
import { accountPageSize, paginate, parsePage } from './paginate.ts';
import { renderAccount } from './render-account.ts';

/**
 * `GET /stet/psd2/{version}/accounts` (seed: GET /accounts behaviour): every online account before a
 * consent, the consented accounts and their cards after; NAAC when the PSU has none; `page` paginates
 * (IPGN past the last page); `endUserIdentity` linked only when psuIdentity is consented.
 */
export const accountsRoute: BearerRoute = aisReadRoute({
  path: '/stet/psd2/{version}/accounts',
  versions: apiVersions,
  async handle(ctx, request) {
    const { consent, version, faults } = request;
    const items = listedItems(request);
    if (items.length === 0) throw new ApiError('NAAC');
    const pageNumber = parsePage(ctx.query.get('page'));
    if (pageNumber === 'IPGN') throw new ApiError('IPGN');
    const page = paginate(items, { page: pageNumber, size: accountPageSize, faults });
    if (page === 'IPGN') throw new ApiError('IPGN');
    await countAccess(ctx, request, { resource: 'accounts', page: page.page });
    const links: Record<string, unknown> = pageLinks({
      path: accountsPath(version),
      query: ctx.query,
      page: page.page,
      lastPage: page.lastPage,
    });
    if (consent?.psuIdentity === true) links.endUserIdentity = { href: identityPath(version) };
    // Deviations: the identity linked without its consent, trusted beneficiaries linked when consented.
    if (faults.has('identity-link-without-consent')) {
      if (consent !== undefined) links.endUserIdentity = { href: identityPath(version) };
    }
    if (faults.has('trusted-beneficiaries-link')) {
      if (consent?.trustedBeneficiaries === true)
        links.trustedBeneficiaries = { href: `/stet/psd2/${version}/trusted-beneficiaries` };
    }
    return {
      status: 200,
      json: {
        accounts: page.items.map((item) => renderAccount(request, item)),
        _links: links,
      },
    };
  },
});
