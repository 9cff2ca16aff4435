import { apiVersions } from '../../spec/lib/index.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';
import { isRecord } from '../lib/is-record.ts';
import { consentApprovalHref, paymentForToken } from './payment-access.ts';
import { getPayment, putPayment } from './payment-record.ts';
import { applyPaymentEvent } from './payment-status.ts';
import { paymentTransitionError } from './payment-transition-error.ts';
import type { ReportUrls } from './report-url.ts';
import { callbackHosts, isCallbackUrl } from './callback-url.ts';

/**
 * `PUT /stet/psd2/{version}/payment-requests/{paymentRequestResourceId}`: asks to cancel a payment
 * (seed: Endpoints, Payment initiation; STET's cancellation is this PUT with `paymentInformationStatus`
 * RJCT and `statusReasonInformation` DS02).
 *
 * The body carries those two values and `supplementaryData.successfulReportUrl` (plus an optional
 * `unsuccessfulReportUrl`) for the cancellation's own SCA redirect; anything else is `400 FF01`. The
 * payment must be consented (ACTC or PDNG; else `409 PAYMENT_STATUS_CONFLICT`). Answers 200 with the
 * consent link of the cancellation journey; the cancellation takes effect when the PSU authorises it,
 * with no confirmation step.
 */
export const paymentCancellationRoute: BearerRoute = {
  method: 'PUT',
  path: '/stet/psd2/{version}/payment-requests/{paymentRequestResourceId}',
  versions: apiVersions,
  auth: 'bearer',
  role: 'pisp',
  body: 'json',
  async handler(ctx) {
    const { payment } = await paymentForToken(ctx);
    const urls = parseCancellation(ctx.body, callbackHosts(ctx.tpp));
    if (urls === undefined) {
      throw new ApiError('FF01', {
        detail:
          'a cancellation sets paymentInformationStatus RJCT, statusReasonInformation DS02 and supplementaryData.successfulReportUrl',
      });
    }
    const updated = await ctx.store.transaction(async (tx) => {
      const current = (await getPayment(tx, payment.institution, payment.resourceId)) ?? payment;
      const result = applyPaymentEvent(current.state, 'cancellation-started');
      if (!result.ok) throw paymentTransitionError(result.refusal, 'cancellation');
      const next = { ...current, state: result.state, cancellation: urls };
      await putPayment(tx, next);
      return next;
    });
    const href = consentApprovalHref(ctx, {
      payment: updated,
      action: 'cancel',
      redirectUri: urls.successfulReportUrl,
    });
    return {
      status: 200,
      json: { appliedAuthenticationApproach: 'REDIRECT', _links: { consentApproval: { href } } },
    };
  },
};

function parseCancellation(body: unknown, hosts: ReadonlySet<string>): ReportUrls | undefined {
  if (!isRecord(body) || body.paymentInformationStatus !== 'RJCT' || body.statusReasonInformation !== 'DS02')
    return undefined;
  const supplementary = body.supplementaryData;
  if (!isRecord(supplementary) || typeof supplementary.successfulReportUrl !== 'string') return undefined;
  const unsuccessful = supplementary.unsuccessfulReportUrl;
  if (unsuccessful !== undefined && typeof unsuccessful !== 'string') return undefined;
  if (
    !isCallbackUrl(supplementary.successfulReportUrl, hosts) ||
    (unsuccessful !== undefined && !isCallbackUrl(unsuccessful, hosts))
  )
    return undefined;
  return { successfulReportUrl: supplementary.successfulReportUrl, unsuccessfulReportUrl: unsuccessful };
}
