import { isRecord } from '../lib/is-record.ts';
import { secretKey } from '../lib/secret.ts';
import { codesCollection, parseAuthorizationCode } from '../oauth/authorization-code.ts';
import type { GrantHandler } from '../oauth/grants/grant-handler.ts';
import { putPispTokenBinding } from './pisp-token-binding.ts';

/** The authorize parameter naming the payment a PISP journey consents to (pisp/payment-access.ts). */
export const paymentRequestParam = 'payment_request';

/**
 * Wraps the core `authorization_code` grant for PISP codes (seed: Authentication 5): the second token
 * a PISP code gives is bound to the payment the PSU consented to, so it can confirm that payment and
 * no other. A PISP code always names its payment and an S256 challenge (authorize opens a PISP journey
 * only on a payment's consent link, which requires S256: pisp/payment-journey.ts), and the core grant
 * checks the verifier and throws on every refusal, so an answer is a token response. Codes of other
 * roles pass through unchanged.
 */
export function withPaymentBinding(inner: GrantHandler): GrantHandler {
  return async (ctx, form) => {
    const code = parseAuthorizationCode(
      await ctx.store.get(codesCollection, secretKey(form.get('code') ?? '')),
    );
    const paymentId = code?.role === 'pisp' ? code.extra[paymentRequestParam] : undefined;
    const response = await inner(ctx, form);
    const json = response.json;
    if (paymentId !== undefined && isRecord(json) && typeof json.access_token === 'string')
      await putPispTokenBinding(ctx.store, secretKey(json.access_token), { kind: 'second', paymentId });
    return response;
  };
}
