import { randomBytes } from 'node:crypto';
import { apiVersions } from '../../spec/lib/index.ts';
import { ApiError } from '../server/api-error.ts';
import type { Choices } from '../choices/index.ts';
import { refusedToken } from '../oauth/check-access-token.ts';
import type { BearerRoute } from '../server/route.ts';
import { callbackHosts } from './callback-url.ts';
import { consentApprovalHref, requireBinding } from './payment-access.ts';
import { parsePaymentInitiation, paymentRequestSchema } from './payment-initiation.ts';
import { putPayment } from './payment-record.ts';
import type { PaymentRecord } from './payment-record.ts';
import { initialPaymentState } from './payment-status.ts';
import { getPispTokenBinding, putPispTokenBinding } from './pisp-token-binding.ts';
import type { PispTokenBinding } from './pisp-token-binding.ts';

/**
 * `POST /stet/psd2/{version}/payment-requests` (seed: Endpoints, Payment initiation).
 *
 * Needs a first token not used yet (client credentials, scope pisp); the token is then bound to the
 * new payment and serves nothing else. Answers `201` with `Location` and the STET creation body:
 * `appliedAuthenticationApproach` REDIRECT and `_links.consentApproval`, the authorize link the PSU
 * follows (the TPP adds `state`, `code_challenge` and `code_challenge_method=S256`).
 */
export const paymentInitiationRoute: BearerRoute = {
  method: 'POST',
  path: '/stet/psd2/{version}/payment-requests',
  versions: apiVersions,
  auth: 'bearer',
  role: 'pisp',
  body: { kind: 'json', schema: paymentRequestSchema },
  async admit(ctx) {
    // The token is judged before the body, or after it (PIS-TOKEN-BEFORE-BODY).
    if (ctx.choices.of('PIS-TOKEN-BEFORE-BODY') === 'token-first')
      requireUnusedFirstToken(await requireBinding(ctx), ctx.choices);
  },
  async handler(ctx) {
    const { version } = ctx;
    const parsed = parsePaymentInitiation(ctx.body, {
      callbackHosts: callbackHosts(ctx.tpp),
      isCallbackUrl: ctx.choices.of('PIS-CALLBACK-HOSTS'),
      isValidIban: ctx.choices.of('PIS-IBAN-CHECK-DIGITS'),
    });
    if (!parsed.ok)
      throw new ApiError('FF01', { detail: ctx.choices.of('PIS-SANDBOX-PROBLEM-DETAIL')(parsed.error) });
    requireUnusedFirstToken(await requireBinding(ctx), ctx.choices);
    const { body } = parsed;
    const payment: PaymentRecord = {
      resourceId: randomBytes(16).toString('hex'),
      institution: ctx.institution.code,
      clientId: ctx.auth.clientId,
      requestId: ctx.requestId,
      createdAt: ctx.clock.now().getTime(),
      body,
      state: initialPaymentState,
      psuId: undefined,
      chosenIban: undefined,
      cancellation: undefined,
    };
    await ctx.store.transaction(async (tx) => {
      // Read the binding again inside the transaction: two initiations sent at once with one first
      // token must not both create a payment (the token serves one transaction only).
      requireUnusedFirstToken(await getPispTokenBinding(tx, ctx.auth.tokenId), ctx.choices);
      await putPayment(tx, payment);
      await putPispTokenBinding(tx, ctx.auth.tokenId, { kind: 'first', paymentId: payment.resourceId });
    });
    const href = consentApprovalHref(ctx, {
      payment,
      action: 'initiate',
      redirectUri: body.supplementaryData.successfulReportUrl,
    });
    const self = `/stet/psd2/${version}/payment-requests/${payment.resourceId}`;
    return {
      status: 201,
      headers: { location: self },
      // The body the seed does not show is the bank's (PIS-INITIATE-RESPONSE).
      json: ctx.choices.of('PIS-INITIATE-RESPONSE')({
        resourceId: payment.resourceId,
        self,
        consentApproval: href,
      }),
    };
  },
};

/** A payment is initiated with a first token that has not initiated one yet (`401 invalid_token`). */
function requireUnusedFirstToken(binding: PispTokenBinding | undefined, choices: Choices): void {
  // The confirmation token on an initiation: 401 invalid_token, or another bank's 403 BADS.
  if (binding?.kind === 'second' && choices.of('PIS-SECOND-TOKEN-CONFIRMS-ONLY') === 'BADS')
    throw new ApiError('BADS', { detail: 'the confirmation token serves the confirmation only' });
  if (binding?.kind !== 'first' || binding.paymentId !== undefined) {
    throw refusedToken('a payment is initiated with a fresh first token only', choices);
  }
}
