import { apiVersions, newestApiVersion, schemaValidator } from '../../spec/lib/index.ts';
import type { PaymentCancellationRequest } from '../../spec/generated/types.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';
import { consentApprovalHref, paymentForToken } from './payment-access.ts';
import { getPayment, putPayment } from './payment-record.ts';
import { applyPaymentEvent } from './payment-status.ts';
import { paymentTransitionError } from './payment-transition-error.ts';
import type { ReportUrls } from './report-url.ts';
import { callbackHosts } from './callback-url.ts';
import type { Choices } from '../choices/index.ts';

/** Name of the cancellation body schema in spec/ (the same in every version's document, unit-tested). */
export const cancellationSchema = 'PaymentCancellationRequest';

/** True when `value` is a cancellation body the spec's schema accepts: the type comes from that check. */
export function isCancellationBody(value: unknown): value is PaymentCancellationRequest {
  return schemaValidator(cancellationSchema, newestApiVersion)(value).valid;
}

/**
 * `PUT /stet/psd2/{version}/payment-requests/{paymentRequestResourceId}`: asks to cancel a payment
 * (seed: Endpoints, Payment initiation; STET's cancellation is this PUT with `paymentInformationStatus`
 * RJCT and `statusReasonInformation` DS02).
 *
 * The token must serve the payment (`admit`: `404 RENF` comes before the body). The body (schema
 * `PaymentCancellationRequest`) carries RJCT, DS02 (optional in the schema, required here) and
 * `supplementaryData.successfulReportUrl` (plus an optional `unsuccessfulReportUrl`) for the
 * cancellation's own SCA redirect, on a host of the TPP's enrolled redirect URIs; anything else is
 * `400 FF01`. The payment must be consented (ACTC or PDNG; else `409 PAYMENT_STATUS_CONFLICT`).
 * Answers 200 with the consent link of the cancellation journey; the cancellation takes effect when
 * the PSU authorises it, with no confirmation step.
 */
export const paymentCancellationRoute: BearerRoute = {
  method: 'PUT',
  path: '/stet/psd2/{version}/payment-requests/{paymentRequestResourceId}',
  versions: apiVersions,
  auth: 'bearer',
  role: 'pisp',
  body: { kind: 'json', schema: cancellationSchema },
  async admit(ctx) {
    await paymentForToken(ctx);
  },
  async handler(ctx) {
    const { payment } = await paymentForToken(ctx);
    const urls = cancellationUrls(ctx.body, callbackHosts(ctx.tpp), ctx.choices);
    if (urls === undefined) {
      throw new ApiError('FF01', {
        detail:
          'a cancellation sets statusReasonInformation DS02 and its report URLs on a host of an enrolled redirect URI',
      });
    }
    const updated = await ctx.store.transaction(async (tx) => {
      const current = (await getPayment(tx, payment.institution, payment.resourceId)) ?? payment;
      const result = applyPaymentEvent(current.state, 'cancellation-started');
      if (!result.ok) throw paymentTransitionError(result.refusal, 'cancellation', ctx.choices);
      const next = { ...current, state: result.state, cancellation: urls };
      await putPayment(tx, next);
      return next;
    });
    const href = consentApprovalHref(ctx, {
      payment: updated,
      action: 'cancel',
      redirectUri: urls.successfulReportUrl,
    });
    const self = `/stet/psd2/${ctx.version}/payment-requests/${updated.resourceId}`;
    return {
      status: 200,
      // The answer the seed does not show is the bank's (PIS-CANCEL-BODY).
      json: ctx.choices
        .of('PIS-CANCEL-BODY')
        .answer({ resourceId: updated.resourceId, self, consentApproval: href }),
    };
  },
};

/** The cancellation's report URLs, when the body asks DS02 and names callbacks the TPP may receive. */
function cancellationUrls(
  body: unknown,
  hosts: ReadonlySet<string>,
  choices: Choices,
): ReportUrls | undefined {
  if (!isCancellationBody(body) || !choices.of('PIS-CANCEL-BODY').accepts(body.statusReasonInformation))
    return undefined;
  const isCallbackUrl = choices.of('PIS-CALLBACK-HOSTS');
  const { successfulReportUrl, unsuccessfulReportUrl } = body.supplementaryData;
  if (!isCallbackUrl(successfulReportUrl, hosts)) return undefined;
  if (unsuccessfulReportUrl !== undefined && !isCallbackUrl(unsuccessfulReportUrl, hosts)) return undefined;
  return { successfulReportUrl, unsuccessfulReportUrl };
}
