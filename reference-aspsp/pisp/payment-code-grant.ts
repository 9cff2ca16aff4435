import { isRecord } from '../lib/is-record.ts';
import { secretKey } from '../lib/secret.ts';
import { codesCollection, parseAuthorizationCode } from '../oauth/authorization-code.ts';
import type { GrantHandler } from '../oauth/grants/grant-handler.ts';
import { OAuthError } from '../server/oauth-error.ts';
import { putPispTokenBinding } from './pisp-token-binding.ts';

/** The authorize parameter naming the payment a PISP journey consents to (pisp/payment-access.ts). */
export const paymentRequestParam = 'payment_request';

/**
 * Wraps the core `authorization_code` grant for PISP codes (seed: Authentication 5): a PISP code
 * must carry an S256 PKCE challenge (the core grant checks the verifier), and the second token it
 * gives is bound to the payment the PSU consented to, so it can confirm that payment and no other.
 * Codes of other roles pass through unchanged.
 */
export function withPaymentBinding(inner: GrantHandler): GrantHandler {
  return async (ctx, form) => {
    const code = parseAuthorizationCode(
      await ctx.store.get(codesCollection, secretKey(form.get('code') ?? '')),
    );
    if (code?.role !== 'pisp') return inner(ctx, form);
    const paymentId = code.extra[paymentRequestParam];
    if (
      paymentId === undefined ||
      code.extra.code_challenge_method !== 'S256' ||
      code.extra.code_challenge === undefined
    ) {
      throw new OAuthError(
        'invalid_grant',
        'a PISP code comes from a payment journey with an S256 challenge',
      );
    }
    const response = await inner(ctx, form);
    const json = response.json;
    if (response.status === 200 && isRecord(json) && typeof json.access_token === 'string') {
      await putPispTokenBinding(ctx.store, secretKey(json.access_token), { kind: 'second', paymentId });
    }
    return response;
  };
}
