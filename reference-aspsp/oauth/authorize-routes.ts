import { newSecret } from '../lib/secret.ts';
import type { OpenContext } from '../server/request-context.ts';
import type { OpenRoute, RouteResponse } from '../server/route.ts';
import { tppRegistry } from '../tpp/tpp-registry.ts';
import { startPaymentJourney } from '../pisp/payment-journey.ts';
import type { AuthorizeDistrust } from '../choices/tok-choices.ts';
import { frame, journeyFlow, pagesOf, redirect, save } from './journey-flow.ts';
import { journeysCollection, parseJourney, type Journey } from './journey.ts';
import { roleOfScope } from './scope.ts';
import { redirectUriEnrolled } from '../tpp/redirect-uri-enrolled.ts';

const standardParams = new Set([
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'login_hint',
]);

/**
 * `GET /stet/psd2/oauth/authorize` (seed: Authentication 3; contracts §6). An unknown client_id or a
 * redirect_uri not enrolled for it gives a 400 page, never a redirect (RFC 6749 §4.1.2.1); other
 * errors redirect with `error`. With `login_hint` naming an active PSU, identification is skipped.
 *
 * A payment journey (the consent link of a payment request: `payment_request`, scope pisp; seed:
 * Authentication 5) is checked by pisp/payment-journey.ts instead of the enrolled redirect URIs: its
 * redirect_uri is the payment's successfulReportUrl, and `debtor.privateId` of the payment skips
 * identification like `login_hint`.
 */
export const authorizeRoute: OpenRoute = {
  method: 'GET',
  path: '/stet/psd2/oauth/authorize',
  auth: 'none',
  async handler(ctx) {
    const q = ctx.query;
    const clientId = param(q, 'client_id');
    const redirectUri = param(q, 'redirect_uri');
    const tpp = await tppRegistry.byClientId(ctx.store, clientId);
    if (tpp === undefined) return badRequest(ctx, 'Unknown client_id.', 'unknown-client');
    const extra: Record<string, string> = {};
    for (const [name, value] of q) if (!standardParams.has(name)) extra[name] = value;
    const payment = q.has('payment_request')
      ? await startPaymentJourney(ctx.store, {
          institution: ctx.institution.code,
          clientId,
          redirectUri,
          extra,
          identificationSkips: ctx.choices.of('PIS-CANCEL-JOURNEY-IDENTIFIES'),
        })
      : undefined;
    if (typeof payment === 'string')
      return badRequest(ctx, ctx.choices.of('PIS-JOURNEY-REFUSALS')(payment), 'payment');
    if (payment === undefined && !redirectUriEnrolled(tpp, redirectUri))
      return badRequest(ctx, 'redirect_uri is not enrolled for this client.', 'redirect-uri');
    // A redirect carries the state sent, and without one what the bank's choice says.
    const state = ctx.choices.of('TOK-STATE-ONLY-WHEN-SENT')(q.get('state') ?? undefined);
    if (q.get('response_type') !== 'code') {
      return redirect(redirectUri, { error: 'unsupported_response_type', state });
    }
    const scope = param(q, 'scope');
    const parsed = roleOfScope(scope, ctx.choices.of('TOK-AUTHORIZE-SCOPE-FORM'));
    if (parsed === undefined) return redirect(redirectUri, { error: 'invalid_scope', state });
    if (!tpp.roles.includes(parsed.role))
      return redirect(redirectUri, { error: 'unauthorized_client', state });
    // A PISP code only comes from the consent link of a payment, and that link is for PISP only.
    if ((parsed.role === 'pisp') !== (payment !== undefined))
      return redirect(redirectUri, { error: 'invalid_scope', state });
    const journey: Journey = {
      id: newSecret(),
      institution: ctx.institution.code,
      clientId,
      tppName: tpp.name,
      redirectUri,
      state,
      scope,
      role: parsed.role,
      step: 'identify',
      psuId: undefined,
      otp: undefined,
      otpFailures: 0,
      authenticatedAt: undefined,
      lastActivity: ctx.clock.now().getTime(),
      extra,
    };
    // The payment's debtor identification skips the identification screen (the seed's); login_hint
    // skips it as the bank's choice TOK-LOGIN-HINT says.
    const debtor = payment?.loginHint;
    const hint = debtor ?? param(q, 'login_hint');
    return ctx.store.transaction(async (tx) => {
      // login_hint skips the identification page for an active PSU; otherwise that page says why (IPSU).
      if (hint !== '')
        return journeyFlow.identify(ctx, tx, journey, hint, debtor === undefined ? 'login_hint' : 'debtor');
      await save(tx, journey);
      return { status: 200, html: pagesOf(ctx).identify(frame(ctx, journey)) };
    });
  },
};

/** `GET /stet/psd2/oauth/journeys/{journeyId}`: the current page of a journey (e.g. after a reload). */
export const journeyPageRoute: OpenRoute = {
  method: 'GET',
  path: '/stet/psd2/oauth/journeys/{journeyId}',
  auth: 'none',
  async handler(ctx) {
    return ctx.store.transaction(async (tx) => {
      const journey = await load(tx, ctx);
      if (journey === undefined) return unknownJourney(ctx);
      if (await journeyFlow.timedOut(ctx, tx, journey)) return journeyFlow.end(ctx, tx, journey, 'timeout');
      const view = frame(ctx, journey);
      const pages = pagesOf(ctx);
      const html =
        journey.step === 'identify'
          ? pages.identify(view)
          : journey.step === 'authenticate'
            ? pages.authenticate(view)
            : await journeyFlow.consentPage(ctx, tx, journey);
      return { status: 200, html };
    });
  },
};

/** `POST /stet/psd2/oauth/journeys/{journeyId}`: a form submission of the current page. */
export const journeySubmitRoute: OpenRoute = {
  method: 'POST',
  path: '/stet/psd2/oauth/journeys/{journeyId}',
  auth: 'none',
  body: 'form',
  async handler(ctx) {
    return ctx.store.transaction(async (tx) => {
      const journey = await load(tx, ctx);
      if (journey === undefined) return unknownJourney(ctx);
      if (await journeyFlow.timedOut(ctx, tx, journey)) return journeyFlow.end(ctx, tx, journey, 'timeout');
      const form = ctx.form;
      switch (journey.step) {
        case 'identify':
          return journeyFlow.identify(ctx, tx, journey, param(form, 'identifier').trim());
        case 'authenticate':
          return journeyFlow.authenticate(ctx, tx, journey, param(form, 'otp').trim());
        case 'consent':
          return journeyFlow.consent(ctx, tx, journey, param(form, 'decision'), param(form, 'account'));
      }
    });
  },
};

/** A parameter of the query or the form; a missing one reads as empty, which names nothing. */
function param(params: URLSearchParams, name: string): string {
  return params.get(name) ?? '';
}

async function load(tx: Parameters<typeof save>[0], ctx: OpenContext): Promise<Journey | undefined> {
  const journey = parseJourney(await tx.get(journeysCollection, ctx.params.journeyId ?? ''));
  // A journey belongs to the institution it started at.
  return journey?.institution === ctx.institution.code ? journey : undefined;
}

/**
 * An authorize request the bank cannot redirect back: its status (TOK-AUTHORIZE-BAD-CLIENT-NO-REDIRECT)
 * and body (TOK-AUTHORIZE-ERROR-PAGE) are the bank's choices; never a redirect.
 */
function badRequest(ctx: OpenContext, reason: string, distrust: AuthorizeDistrust): RouteResponse {
  return {
    status: ctx.choices.of('TOK-AUTHORIZE-BAD-CLIENT-NO-REDIRECT')(distrust),
    ...ctx.choices.of('TOK-AUTHORIZE-ERROR-PAGE')(ctx.institution.name, reason),
  };
}

/** A journey page that does not exist or has ended (TOK-JOURNEY-PAGE-UNKNOWN). */
function unknownJourney(ctx: OpenContext): RouteResponse {
  const { status, reason } = ctx.choices.of('TOK-JOURNEY-PAGE-UNKNOWN');
  return { status, html: pagesOf(ctx).invalidRequest(ctx.institution.name, reason) };
}
