import { apiVersions } from '../../spec/lib/index.ts';
import { ApiError } from '../server/api-error.ts';
import type { BearerRoute } from '../server/route.ts';
import { paymentForToken, paymentNow } from './payment-access.ts';
import { isPaymentAvailable } from './payment-availability.ts';
import { paymentRequestBody } from './payment-resource.ts';
import { requestIdMatches } from './request-id-binding.ts';

/**
 * `GET /stet/psd2/{version}/payment-requests/{paymentRequestResourceId}` (seed: Endpoints, Payment
 * initiation; Limits). The token must serve the payment; the `X-Request-ID` must be the initiation's
 * (unless the fault `payment-request-id-not-compared`); the data is there for 35 days. Each refusal is
 * `404 RENF`: for that read, the payment request is not found.
 */
export const paymentStatusRoute: BearerRoute = {
  method: 'GET',
  path: '/stet/psd2/{version}/payment-requests/{paymentRequestResourceId}',
  versions: apiVersions,
  auth: 'bearer',
  role: 'pisp',
  async handler(ctx) {
    const { payment } = await paymentForToken(ctx);
    const sent = ctx.headers['x-request-id'];
    const read = typeof sent === 'string' ? sent : undefined;
    if (
      !requestIdMatches({ initiation: payment.requestId, read }) &&
      !ctx.faults.has('payment-request-id-not-compared')
    ) {
      // The refusal's code and status are the bank's (PIS-OTHER-X-REQUEST-ID-RENF).
      const { code, status } = ctx.choices.of('PIS-OTHER-X-REQUEST-ID-RENF');
      throw new ApiError(code, { status, detail: 'X-Request-ID differs from the initiation' });
    }
    if (
      !isPaymentAvailable({ createdAt: new Date(payment.createdAt), now: await paymentNow(ctx, payment) })
    ) {
      throw new ApiError('RENF', { detail: 'payment request older than 35 days' });
    }
    return {
      status: 200,
      json: paymentRequestBody(payment, {
        choices: ctx.choices,
        version: ctx.version,
        confirmationSegment: ctx.institution.confirmationSegment,
      }),
    };
  },
};
