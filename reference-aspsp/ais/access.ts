import { backingIban, type AccountItem } from './account-catalogue.ts';
import type { AisRequest } from './ais-request.ts';
import { consentedIbans, covers, type AisFunction } from './consent.ts';

/** Whether the version has the function at all (its profile's `accountFunctions`). */
export function versionHasFunction(
  request: Pick<AisRequest, 'profile' | 'faults'>,
  fn: AisFunction,
): boolean {
  // A bank serving overdrafts in every version.
  if (request.faults.has('overdrafts-before-v162')) {
    if (fn === 'overdrafts') return true;
  }
  return request.profile.accountFunctions.includes(fn);
}

/**
 * True when the consent grants `fn` on the item (seed: Preconditions 1 and 3): an account by its IBAN
 * in the function's list; a card by its backing account's IBAN, for balances (outstandings) and
 * transactions (receipts) only. The one place both the `_links` and the access checks read.
 */
export function isGranted(request: AisAccess, item: AccountItem, fn: AisFunction): boolean {
  const { data, consent, faults } = request;
  if (consent === undefined) return false;
  if (item.kind === 'account') return covers(consent, fn, item.iban);
  if (fn !== 'balances' && fn !== 'transactions') return false;
  const iban = backingIban(data, item);
  if (iban === undefined) return false;
  // A bank deciding card access on "the backing account is consented", whatever the function.
  if (faults.has('card-consent-any-function')) return consentedIbans(consent).has(iban);
  return covers(consent, fn, iban);
}

/** What the access rules read of the {@link AisRequest}: the PSU's data, its consent, the faults. */
export type AisAccess = Pick<AisRequest, 'data' | 'consent' | 'faults'>;

/** The refusal codes of an account resource call (spec/errors.yaml gives their statuses). */
export type AccessRefusal = 'AC01' | 'NGAC' | 'AC04' | 'AC06' | 'CDNA';

/** True when the item can be read at all: an enabled account, or an available, enabled card. */
export function isServiceable(item: AccountItem): boolean {
  if (item.kind === 'card') return item.available && item.state === 'enabled';
  return item.state === 'enabled';
}

/**
 * Why a call for `fn` on the item is refused, or undefined when it is allowed.
 *
 * Order: unknown resourceId (AC01), then the consent (NGAC) — so nothing about an account's state is
 * told to an AISP the PSU did not consent to — then the state: closed (AC04), blocked (AC06), card
 * no longer accessible (CDNA).
 */
export function accessRefusal(
  request: AisAccess,
  item: AccountItem | undefined,
  fn: AisFunction,
): AccessRefusal | undefined {
  const { faults } = request;
  if (item === undefined) return 'AC01';
  // A bank checking only that the account is the PSU's, not that the AISP may read it.
  if (!isGranted(request, item, fn) && !faults.has('consent-not-checked')) return 'NGAC';
  if (item.kind === 'card') return isServiceable(item) ? undefined : 'CDNA';
  if (item.state === 'closed') return faults.has('closed-account-ac06') ? 'AC06' : 'AC04';
  if (item.state === 'blocked' && !faults.has('blocked-account-served')) return 'AC06';
  return undefined;
}
