import { secretKey } from '../lib/secret.ts';
import type { CodeTokensHook } from '../oauth/grants/authorization-code-grant.ts';
import { putPispTokenBinding } from './pisp-token-binding.ts';

/** The authorize parameter naming the payment a PISP journey consents to (pisp/payment-access.ts). */
export const paymentRequestParam = 'payment_request';

/**
 * Binds the second token a PISP code gives to the payment the PSU consented to (seed: Authentication
 * 5), in the transaction that issues it, so it can confirm that payment and no other. Only a PISP code
 * names a payment: authorize opens a payment journey for scope pisp alone, on a payment's consent link
 * that requires an S256 challenge (pisp/payment-journey.ts), whose verifier the core grant checks.
 */
export const bindPaymentToken: CodeTokensHook = async (tx, { code, tokens }) => {
  const paymentId = code.extra[paymentRequestParam];
  if (paymentId !== undefined)
    await putPispTokenBinding(tx, secretKey(tokens.accessToken), { kind: 'second', paymentId });
};
