import type { AccountItem } from './account-catalogue.ts';
import { isGranted, isServiceable } from './access.ts';
import { accountBalances, cardBalances } from './balances.ts';
import { linksFor } from './links.ts';
import type { AisRequest } from './ais-request.ts';

/** The relationship of the PSU to an account: sole or joint holder. */
function psuStatusOf(item: AccountItem): string {
  if (item.kind === 'card') return 'Card Holder';
  return item.owners.length > 1 ? 'Co-account Holder' : 'Account Holder';
}

/**
 * One entry of GET /accounts (seed: Account): a payment account (accountId iban and currency) or a
 * deferred-debit card (accountId.other with schemeName CPAN, linkedAccount = backing resourceId).
 * Balances are embedded only when the consent grants balances on it and it can be read; `_links`
 * come from {@link linksFor}.
 */
export function renderAccount(
  request: Pick<AisRequest, 'data' | 'consent' | 'profile' | 'now' | 'faults' | 'choices'>,
  item: AccountItem,
): Record<string, unknown> {
  const { data, faults } = request;
  const rendered: Record<string, unknown> = {
    resourceId: item.resourceId,
    bicFi: data.bicFi,
    name: item.name,
    details: item.product,
    product: item.product,
    usage: data.usage,
    cashAccountType: 'CACC',
    psuStatus: psuStatusOf(item),
  };
  if (item.kind === 'account') {
    rendered.accountId = { iban: item.iban, currency: item.currency };
  } else {
    rendered.accountId = {
      other: { identification: item.maskedPan, schemeName: 'CPAN', issuer: data.bicFi },
      currency: item.currency,
    };
    const backing = data.accounts.find((account) => account.key === item.backingKey);
    if (backing !== undefined) rendered.linkedAccount = backing.resourceId;
  }
  const embedBalances = isGranted(request, item, 'balances') || faults.has('balances-embedded-unconsented');
  // The balances of an item GET balances refuses: left out, or not (choice AIS-ACC-NO-BALANCES-WHEN-REFUSED).
  const embedRefused = request.choices.of('AIS-ACC-NO-BALANCES-WHEN-REFUSED');
  if (embedBalances && (embedRefused || isServiceable(item))) {
    rendered.balances =
      item.kind === 'account' ? accountBalances(item, request) : cardBalances(item, request);
  }
  rendered._links = linksFor(request, item);
  return rendered;
}
