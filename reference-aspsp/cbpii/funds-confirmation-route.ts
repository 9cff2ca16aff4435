import { schemaValidator } from '../../spec/lib/index.ts';
import { loadPsuData } from '../data/psu-record.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';
import { availableFunds, findAccountByIban } from './available-funds.ts';
import { fundsConfirmationRefusal, readFundsConfirmationRequest } from './funds-confirmation-request.ts';
import { fundsConfirmationVersions, scopeAllowsFundsConfirmation } from './funds-confirmation-scope.ts';
import { decideFunds, type MoneyAmount } from './funds-decision.ts';
import { parseDecimalAmount } from './decimal-amount.ts';
import type { Choices } from '../choices/index.ts';
import { decideAndReserve } from '../faults/funds-reservation.ts';

/** Name of the request body schema in spec/ (the seed's "Funds confirmation request"). */
export const fundsConfirmationSchema = 'FundsConfirmationRequest';

/**
 * `POST /stet/psd2/{v1,v1.4.2}/funds-confirmations` (seed: Endpoints, Funds confirmation).
 *
 * Order of refusals: an institution that does not offer the service answers `501 NIMP` whatever the
 * token; then the token scope must be the version's (`piisp` on v1, `cbpii` on v1.4.2, else `403
 * BADS`); then the body (`400 FF01`, or `400 AC01` for the IBAN); then the account must be one of the
 * PSU's (`404 AC01`), open (`AC04`) and not blocked (`AC06`). Other methods get `405 NIMP` from the
 * router, which knows this path accepts POST only.
 */
export const fundsConfirmationRoute: BearerRoute = {
  method: 'POST',
  path: '/stet/psd2/{version}/funds-confirmations',
  versions: fundsConfirmationVersions,
  auth: 'bearer',
  role: 'cbpii',
  body: { kind: 'json', schema: fundsConfirmationSchema, refusal: fundsConfirmationRefusal },
  async admit(ctx) {
    const { version } = ctx;
    if (!ctx.institution.fundsConfirmation) {
      // Its code and status are the bank's (CBP-EXCLUDED-INSTITUTION-501).
      const { code, status } = ctx.choices.of('CBP-EXCLUDED-INSTITUTION-501');
      throw new ApiError(code, {
        status,
        detail: `institution ${ctx.institution.code} offers no funds confirmation`,
      });
    }
    if (!scopeAllowsFundsConfirmation(ctx.auth.scope, ctx.profile)) {
      throw new ApiError('BADS', { detail: `scope "${ctx.auth.scope}" on ${version} funds confirmation` });
    }
  },
  async handler(ctx) {
    const { version } = ctx;
    const request = readFundsConfirmationRequest(ctx.body, schemaValidator(fundsConfirmationSchema, version));
    const data = await loadPsuData(ctx.store, ctx.institution.code, ctx.auth.psuId);
    const account =
      data === undefined ? undefined : findAccountByIban(data, request.iban, request.accountCurrency);
    if (account === undefined)
      throw new ApiError('AC01', { detail: 'the IBAN is not an account of the PSU' });
    if (account.state === 'closed') throw new ApiError('AC04');
    if (account.state === 'blocked') throw new ApiError('AC06');
    const funds = { available: availableFunds(account, ctx.now()), instructed: request.instructedAmount };
    const unreadable = unreadableAmount(funds.instructed, account.currency, ctx.choices);
    if (unreadable !== undefined) throw new ApiError('FF01', { status: 400, detail: unreadable });
    const result = ctx.faults.has('funds-confirmation-reserves')
      ? await decideAndReserve(ctx.store, {
          key: `${ctx.institution.code}:${ctx.auth.psuId}:${account.iban}`,
          ...funds,
        })
      : decideFunds(funds);
    return {
      status: 200,
      json: {
        request: request.echo,
        result,
        _links: { self: { href: `/stet/psd2/${version}/funds-confirmations` } },
      },
    };
  },
};

/** Minor-unit digits of the currencies whose amounts the alternate bank bounds (ISO 4217); two otherwise. */
const currencyDecimals: Readonly<Record<string, number>> = { JPY: 0, KRW: 0, BHD: 3, KWD: 3, TND: 3 };

/**
 * Why an instructed amount is refused FF01 before any answer, when the bank's choices refuse it (an
 * amount in another currency than the account's, zero or below, more decimals than its currency has),
 * else undefined: the reference answers such amounts (choices CBP-OTHER-CURRENCY-NOT-COVERED,
 * CBP-NON-POSITIVE-NOT-COVERED, CBP-MORE-DECIMALS-COMPARED).
 */
export function unreadableAmount(
  instructed: MoneyAmount,
  accountCurrency: string,
  choices: Choices,
): string | undefined {
  if (instructed.currency !== accountCurrency && choices.of('CBP-OTHER-CURRENCY-NOT-COVERED') === 'FF01')
    return `instructedAmount.currency ${instructed.currency} is not the account's currency ${accountCurrency}`;
  const amount = parseDecimalAmount(instructed.amount);
  if (amount.units <= 0n && choices.of('CBP-NON-POSITIVE-NOT-COVERED') === 'FF01')
    return 'instructedAmount.amount must be above zero';
  const decimals = currencyDecimals[instructed.currency] ?? 2;
  if (amount.scale > decimals && choices.of('CBP-MORE-DECIMALS-COMPARED') === 'FF01')
    return `instructedAmount.amount has more than ${decimals} decimals for ${instructed.currency}`;
  return undefined;
}
