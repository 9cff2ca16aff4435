import { apiVersions } from '../../spec/lib/index.ts';
import { ApiError } from '../server/api-error.ts';
import { refusedToken } from '../oauth/check-access-token.ts';
import type { BearerContext } from '../server/request-context.ts';
import type { BearerRoute, RouteResponse } from '../server/route.ts';
import { paymentForToken } from './payment-access.ts';
import { getPayment, putPayment, type PaymentRecord } from './payment-record.ts';
import { paymentRequestBody } from './payment-resource.ts';
import { applyPaymentEvent } from './payment-status.ts';
import { paymentTransitionError } from './payment-transition-error.ts';

/** Name of the confirmation body schema in spec/: exactly `{}`. */
const confirmationSchema = 'ConfirmationRequest';

/**
 * `POST …/payment-requests/{id}/confirmation` and its `o-confirmation` variant (seed: Endpoints,
 * Payment initiation).
 *
 * Each institution serves one segment: at an `o-confirmation` institution the plain path is `501 NIMP`
 * (seed), and at the others `o-confirmation` does not exist (`404 RESOURCE_UNKNOWN`). The token must be
 * the second one, issued after the PSU consented, for this payment (the first is `403 BADS`: its
 * client-credentials grant does not cover confirmation, unless the fault `first-token-confirms`); these
 * refusals come first (`admit`), then the body must be exactly `{}` (schema `ConfirmationRequest`,
 * `400 FF01`); the payment must be consented and not yet confirmed (`409 PAYMENT_STATUS_CONFLICT`).
 * Answers 200 with the payment request, now PDNG.
 */
function confirmationRoute(segment: 'confirmation' | 'o-confirmation'): BearerRoute {
  return {
    method: 'POST',
    path: `/stet/psd2/{version}/payment-requests/{paymentRequestResourceId}/${segment}`,
    versions: apiVersions,
    auth: 'bearer',
    role: 'pisp',
    body: { kind: 'json', schema: confirmationSchema },
    async admit(ctx) {
      await confirmablePayment(ctx, segment);
    },
    handler: async (ctx) => confirm(ctx, await confirmablePayment(ctx, segment)),
  };
}

/** The payment this request may confirm: the institution's segment, the token's payment, the second token. */
async function confirmablePayment(
  ctx: BearerContext,
  segment: 'confirmation' | 'o-confirmation',
): Promise<PaymentRecord> {
  if (segment !== ctx.institution.confirmationSegment) {
    if (segment === 'confirmation') {
      throw new ApiError('NIMP', { status: 501, detail: 'this institution confirms at o-confirmation' });
    }
    throw new ApiError('RESOURCE_UNKNOWN', { detail: 'this institution confirms at confirmation' });
  }
  const { payment, binding } = await paymentForToken(ctx);
  if (binding.kind !== 'second' && !ctx.faults.has('first-token-confirms')) {
    const detail = 'the first PISP token cannot confirm; use the token of the PKCE exchange';
    // 403 BADS, or the token refused (PIS-FIRST-TOKEN-CONFIRMATION-403).
    if (ctx.choices.of('PIS-FIRST-TOKEN-CONFIRMATION-403') === 'invalid_token')
      throw refusedToken(detail, ctx.choices);
    throw new ApiError('BADS', { detail });
  }
  return payment;
}

async function confirm(ctx: BearerContext, payment: PaymentRecord): Promise<RouteResponse> {
  const confirmed = await ctx.store.transaction(async (tx) => {
    // Read again inside the transaction so two concurrent confirmations cannot both succeed.
    const current = (await getPayment(tx, payment.institution, payment.resourceId)) ?? payment;
    const result = applyPaymentEvent(current.state, 'tpp-confirmed');
    // A second confirmation: refused, or answered with the payment as it is (PIS-STATUS-TRANSITIONS).
    const second = ctx.choices.of('PIS-STATUS-TRANSITIONS');
    if (!result.ok && result.refusal === 'already-confirmed' && second === 'answered-as-is') return current;
    if (!result.ok) throw paymentTransitionError(result.refusal, 'confirmation', ctx.choices);
    const next = { ...current, state: result.state };
    await putPayment(tx, next);
    return next;
  });
  return {
    status: 200,
    json: paymentRequestBody(confirmed, {
      choices: ctx.choices,
      version: ctx.version,
      confirmationSegment: ctx.institution.confirmationSegment,
    }),
  };
}

/** The plain confirmation path. */
export const paymentConfirmationRoute = confirmationRoute('confirmation');
/** The `o-confirmation` path of institutions that use it (institution 20202). */
export const paymentOConfirmationRoute = confirmationRoute('o-confirmation');
