import { schemaValidator } from '../../spec/lib/index.ts';
import { loadPsuData } from '../data/psu-record.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';
import { availableFunds, findAccountByIban } from './available-funds.ts';
import { fundsConfirmationRefusal, readFundsConfirmationRequest } from './funds-confirmation-request.ts';
import { fundsConfirmationVersions, scopeAllowsFundsConfirmation } from './funds-confirmation-scope.ts';
import { decideFunds } from './funds-decision.ts';
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
      throw new ApiError('NIMP', {
        status: 501,
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
