import type { BearerContext } from '../server/request-context.ts';
import { ApiError } from '../server/api-error.ts';
import { refusedToken } from '../oauth/check-access-token.ts';
import { getPayment } from './payment-record.ts';
import type { PaymentRecord } from './payment-record.ts';
import { getPispTokenBinding } from './pisp-token-binding.ts';
import type { PispTokenBinding } from './pisp-token-binding.ts';

/** The binding of the request's token; a PISP token without one was not issued by a PISP grant. */
export async function requireBinding(ctx: BearerContext): Promise<PispTokenBinding> {
  const binding = await getPispTokenBinding(ctx.store, ctx.auth.tokenId);
  if (binding === undefined) {
    // A token no PISP grant issued (one refreshed from the confirmation token): 401, or another bank's 403 BADS.
    if (ctx.choices.of('PIS-REFRESHED-TOKEN-NO-PAYMENT') === 'BADS')
      throw new ApiError('BADS', { detail: 'not a PISP token of this bank' });
    throw refusedToken('not a PISP token of this bank', ctx.choices);
  }
  return binding;
}

/**
 * The payment of the path, as the token may see it: the token must be bound to it (seed:
 * Authentication 5, "valid only for this transaction"). Any other payment — unknown, of another TPP
 * or another token — is `404 RENF`, so a token learns nothing about payments it does not serve. A
 * binding names a payment of the token's own TPP only (its first token initiated it, or its code
 * came from that payment's journey, which authorize opens for the payment's TPP alone), so the
 * binding is the whole check.
 */
export async function paymentForToken(
  ctx: BearerContext,
): Promise<{ payment: PaymentRecord; binding: PispTokenBinding }> {
  const binding = await requireBinding(ctx);
  const resourceId = ctx.params.paymentRequestResourceId ?? '';
  const payment =
    binding.paymentId === resourceId
      ? await getPayment(ctx.store, ctx.institution.code, resourceId)
      : undefined;
  if (payment === undefined) {
    const detail = `payment ${resourceId} is not served by this token`;
    // A payment that exists but is another token's: 404 RENF, or the token refused
    // (PIS-OTHER-PAYMENT-RENF); an unknown one is RENF (the seed's ReferenceNotFound) in both banks.
    if (
      ctx.choices.of('PIS-OTHER-PAYMENT-RENF') === 'invalid_token' &&
      (await getPayment(ctx.store, ctx.institution.code, resourceId)) !== undefined
    )
      throw refusedToken(detail, ctx.choices);
    throw new ApiError('RENF', { detail });
  }
  return { payment, binding };
}

/**
 * The time the payment's rules read: the PSU's clock once a PSU consented (sandbox time travel
 * applies), the base clock before.
 */
export async function paymentNow(ctx: BearerContext, payment: PaymentRecord): Promise<Date> {
  if (payment.psuId === undefined) return ctx.clock.now();
  return ctx.clock.psuNow(ctx.store, { institution: payment.institution, psuId: payment.psuId });
}

/** The consent link of a payment journey (initiation or cancellation) on the request's host. */
export function consentApprovalHref(
  ctx: BearerContext,
  options: { payment: PaymentRecord; action: 'initiate' | 'cancel'; redirectUri: string },
): string {
  const host = ctx.headers.host ?? `api-${ctx.institution.code}.psd2.groupbank.example`;
  const link = ctx.choices.of('PIS-CONSENT-LINK-HOST');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: options.payment.clientId,
    scope: 'pisp',
    redirect_uri: options.redirectUri,
    payment_request: options.payment.resourceId,
  });
  if (options.action === 'cancel') query.set('payment_action', 'cancel');
  return link(host, `/stet/psd2/oauth/authorize?${query.toString()}`);
}
