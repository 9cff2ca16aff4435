import { randomInt } from 'node:crypto';
import { personaTemplates } from '../data/load-personas.ts';
import { findPsuByIdentifier, getPsu, type PsuEntry } from '../data/psu-directory.ts';
import { templateIdentifier } from '../data/seed-personas.ts';
import { newSecret, secretKey } from '../lib/secret.ts';
import { ApiError } from '../server/api-error.ts';
import type { OpenContext } from '../server/request-context.ts';
import type { RouteResponse } from '../server/route.ts';
import type { StoreTx } from '../store/index.ts';
import { finishPaymentJourney, isPaymentJourney, paymentConsentView } from '../pisp/journey-payment.ts';
import { codesCollection, type AuthorizationCode } from './authorization-code.ts';
import type { JourneyPages } from './journey-pages.ts';
import { journeysCollection, type Journey } from './journey.ts';

/** The fixed one-time code of the sandbox, for every persona (seed: Authentication 10). */
export const sandboxOtp = '12345678';

/**
 * The steps of a PSU journey (contracts §6): identification, strong authentication, consent, and
 * the endings — redirect with `code` and `state`, or with `error=access_denied` and a description
 * (`refused`, `timeout`, `authentication_failed`).
 *
 * A payment journey (authorize with `payment_request`, pisp/journey-payment.ts) adds the account
 * choice to the consent page and ends at the payment's report URL: successfulReportUrl with `code`
 * (a cancellation: without code, nothing is left to confirm), unsuccessfulReportUrl otherwise.
 */
export const journeyFlow = {
  /** The current time of the journey: the PSU's clock once identified, the base clock before. */
  async now(ctx: OpenContext, tx: StoreTx, journey: Pick<Journey, 'institution' | 'psuId'>): Promise<number> {
    if (journey.psuId === undefined) return ctx.clock.now().getTime();
    return (await ctx.clock.psuNow(tx, { institution: journey.institution, psuId: journey.psuId })).getTime();
  },

  /**
   * Identifies the PSU by remote banking identifier. An unknown identifier or a terminated
   * subscription (persona frank) re-renders the identification page with IPSU and the catalogue
   * status of IPSU; the journey stays open so the PSU may type another identifier, as on a real bank.
   */
  async identify(
    ctx: OpenContext,
    tx: StoreTx,
    journey: Journey,
    identifier: string,
    from: 'page' | 'login_hint' | 'debtor' = 'page',
  ): Promise<RouteResponse> {
    const psu = await findPsu(ctx, tx, identifier);
    if (psu?.status !== 'active') {
      const refused = ctx.choices.of('TOK-IDENTIFICATION-REASON')(
        psu === undefined ? 'unknown' : 'terminated',
      );
      await save(tx, { ...journey, lastActivity: await this.now(ctx, tx, journey) });
      return {
        status: new ApiError('IPSU').status,
        html: pagesOf(ctx).identify(frame(ctx, journey), { code: 'IPSU', text: refused }),
      };
    }
    if (from === 'login_hint' && ctx.choices.of('TOK-LOGIN-HINT') === 'confirmed-on-the-page') {
      // The PSU is known, its identifier shown on the identification page for the PSU to confirm.
      const known: Journey = {
        ...journey,
        psuId: psu.psuId,
        lastActivity: await this.now(ctx, tx, { institution: journey.institution, psuId: psu.psuId }),
      };
      await save(tx, known);
      return { status: 200, html: pagesOf(ctx).identify(frame(ctx, known), undefined, identifier) };
    }
    const otp = ctx.mode === 'sandbox' ? sandboxOtp : sendLiveOtp(ctx, psu.psuId);
    const next: Journey = {
      ...journey,
      step: 'authenticate',
      psuId: psu.psuId,
      otp,
      otpFailures: 0,
      lastActivity: await this.now(ctx, tx, { institution: journey.institution, psuId: psu.psuId }),
    };
    await save(tx, next);
    return { status: 200, html: pagesOf(ctx).authenticate(frame(ctx, next)) };
  },

  /**
   * Checks the one-time code; the last wrong code the bank allows ends the journey (the third in the
   * reference, contracts §6; rule TOK-JOURNEY-OTP-ATTEMPTS).
   */
  async authenticate(ctx: OpenContext, tx: StoreTx, journey: Journey, otp: string): Promise<RouteResponse> {
    const now = await this.now(ctx, tx, journey);
    let accepted = otp === journey.otp;
    // The fault switch alone in the test, so the mutation ignorer (tools/mutation/) skips the branch.
    if (ctx.faults.has('live-accepts-sandbox-otp')) accepted ||= ctx.mode === 'live' && otp === sandboxOtp;
    if (accepted) {
      const next: Journey = { ...journey, step: 'consent', authenticatedAt: now, lastActivity: now };
      await save(tx, next);
      return { status: 200, html: await this.consentPage(ctx, tx, next) };
    }
    const attempts = ctx.choices.of('TOK-JOURNEY-OTP-ATTEMPTS');
    const failures = journey.otpFailures + 1;
    if (failures >= attempts.maxFailures) return this.end(ctx, tx, journey, 'authentication_failed');
    const next: Journey = { ...journey, otpFailures: failures, lastActivity: now };
    await save(tx, next);
    return {
      status: 200,
      html: pagesOf(ctx).authenticate(frame(ctx, next), {
        code: 'otp_invalid',
        text: attempts.wrongCode(attempts.maxFailures - failures),
      }),
    };
  },

  /**
   * Accept issues a one-time code valid 60 s on the PSU's clock; refuse ends with `refused`. `account`
   * is the IBAN chosen on a payment journey's consent page.
   */
  async consent(
    ctx: OpenContext,
    tx: StoreTx,
    journey: Journey,
    decision: string,
    account: string,
  ): Promise<RouteResponse> {
    if (decision === 'refuse') return this.end(ctx, tx, journey, 'refused');
    // Anything but accept or refuse shows the page again.
    if (decision !== 'accept') return { status: 200, html: await this.consentPage(ctx, tx, journey) };
    const consented = authenticated(journey);
    if (isPaymentJourney(journey)) return this.consentToPayment(ctx, tx, consented, account);
    const code = await this.issueCode(ctx, tx, consented);
    return redirect(journey.redirectUri, { code, state: journey.state });
  },

  /** The consent page of a journey, with the payment and account choice of a payment journey. */
  async consentPage(
    ctx: OpenContext,
    tx: StoreTx,
    journey: Journey,
    error?: { code: string; text: string },
  ): Promise<string> {
    const payable = ctx.choices.of('PIS-ACCOUNTS-OFFERED');
    const payment = isPaymentJourney(journey) ? await paymentConsentView(tx, journey, payable) : undefined;
    return pagesOf(ctx).consent(frame(ctx, journey), payment, error);
  },

  /** Consent on a payment journey: the chosen account must be one offered (else the page again). */
  async consentToPayment(
    ctx: OpenContext,
    tx: StoreTx,
    consented: Consented,
    account: string,
  ): Promise<RouteResponse> {
    const { journey } = consented;
    const view = await paymentConsentView(tx, journey, ctx.choices.of('PIS-ACCOUNTS-OFFERED'));
    if (view === undefined) return this.end(ctx, tx, journey, 'refused');
    // An initiation debits the account chosen among those offered; a cancellation offers no choice.
    if (view.accounts !== undefined && !view.accounts.includes(account)) {
      const error = { code: 'account_required', text: 'Choose the account to debit.' };
      return { status: 200, html: pagesOf(ctx).consent(frame(ctx, journey), view, error) };
    }
    const ending = { outcome: 'consented', psuId: consented.psuId, iban: account } as const;
    const result = await finishPaymentJourney(tx, { clock: ctx.clock, journey, ending });
    if (result?.outcome !== 'success') {
      // The payment was processed meanwhile (another journey on the same link): nothing to consent to.
      await tx.delete(journeysCollection, journey.id);
      return redirect(result?.redirectUri ?? journey.redirectUri, {
        error: 'access_denied',
        error_description: ctx.choices.of('TOK-JOURNEY-ENDING-REASON')('payment_not_pending'),
        state: journey.state,
      });
    }
    if (view.action === 'cancel') {
      await tx.delete(journeysCollection, journey.id);
      return redirect(result.redirectUri, { state: ctx.choices.of('TOK-CALLBACK-STATE')(journey.state) });
    }
    const code = await this.issueCode(ctx, tx, consented);
    return redirect(result.redirectUri, { code, state: journey.state });
  },

  /** Stores a one-time code for the consented journey and closes the journey. */
  async issueCode(ctx: OpenContext, tx: StoreTx, consented: Consented): Promise<string> {
    const { journey } = consented;
    const now = await this.now(ctx, tx, journey);
    const code = newSecret();
    const record: AuthorizationCode = {
      institution: journey.institution,
      clientId: journey.clientId,
      redirectUri: journey.redirectUri,
      psuId: consented.psuId,
      role: journey.role,
      scope: journey.scope,
      // One minute in the reference (TOK-CODE-LIFE-UNDER-5-MIN).
      expiresAt: now + ctx.choices.of('TOK-CODE-LIFE-UNDER-5-MIN'),
      authenticatedAt: consented.authenticatedAt,
      state: journey.state,
      extra: journey.extra,
    };
    await tx.put(codesCollection, secretKey(code), record);
    await tx.delete(journeysCollection, journey.id);
    return code;
  },

  /**
   * Ends the journey with `error=access_denied` and the reason (contracts §6); a payment journey
   * records the ending on the payment and goes to its unsuccessful report URL.
   */
  async end(
    ctx: OpenContext,
    tx: StoreTx,
    journey: Journey,
    reason: 'refused' | 'timeout' | 'authentication_failed',
  ): Promise<RouteResponse> {
    await tx.delete(journeysCollection, journey.id);
    const payment = isPaymentJourney(journey)
      ? await finishPaymentJourney(tx, {
          clock: ctx.clock,
          journey,
          ending: { outcome: reason, psuId: journey.psuId },
        })
      : undefined;
    return redirect(payment?.redirectUri ?? journey.redirectUri, {
      error: 'access_denied',
      error_description: ctx.choices.of('TOK-JOURNEY-ENDING-REASON')(reason),
      state: journey.state,
    });
  },

  /** True when the journey waited longer than the screen timeout (5 minutes in the reference) for a submission. */
  async timedOut(ctx: OpenContext, tx: StoreTx, journey: Journey): Promise<boolean> {
    const timeout = ctx.choices.of('TOK-JOURNEY-SCREEN-TIMEOUT');
    return (await this.now(ctx, tx, journey)) - journey.lastActivity > timeout;
  },
};

/** A journey whose PSU passed strong authentication: who, and when (PSU clock, ms). */
interface Consented {
  readonly journey: Journey;
  readonly psuId: string;
  readonly authenticatedAt: number;
}

/** The journey at its consent step, which is reached through strong authentication only. */
function authenticated(journey: Journey): Consented {
  const { psuId, authenticatedAt } = journey;
  if (psuId === undefined || authenticatedAt === undefined)
    throw new Error('the consent step is reached after strong authentication only');
  return { journey, psuId, authenticatedAt };
}

/**
 * The PSU an identifier names at the request's institution: the directory holds each persona under
 * the identifier of the mode (data/seed-personas.ts), so in live mode a sandbox identifier names
 * nobody — unless the fault lets the live host look the sandbox's identifiers up too.
 */
async function findPsu(ctx: OpenContext, tx: StoreTx, identifier: string): Promise<PsuEntry | undefined> {
  const code = ctx.institution.code;
  const psu = await findPsuByIdentifier(tx, code, identifier);
  // The fault switch alone in the test, so the mutation ignorer (tools/mutation/) skips the branch.
  if (ctx.faults.has('live-knows-sandbox-personas')) {
    if (psu !== undefined || ctx.mode !== 'live') return psu;
    const template = personaTemplates().find(
      (t) =>
        t.institutions.includes(code) && templateIdentifier(t, ctx.institution, 'sandbox') === identifier,
    );
    return template === undefined ? undefined : getPsu(tx, code, template.name);
  }
  return psu;
}

/** A live one-time code: random, six digits, "sent by SMS" (written to the log, contracts §6). */
function sendLiveOtp(ctx: OpenContext, psuId: string): string {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
  ctx.log(`SMS to PSU ${psuId} at ${ctx.institution.code}: one-time code ${otp}`);
  return otp;
}

/** Stores a journey. */
export async function save(tx: StoreTx, journey: Journey): Promise<void> {
  await tx.put(journeysCollection, journey.id, journey);
}

/** The journey pages in the bank's words (TOK-JOURNEY-PAGES). */
export function pagesOf(ctx: Pick<OpenContext, 'choices'>): JourneyPages {
  return ctx.choices.of('TOK-JOURNEY-PAGES');
}

/** The page frame of a journey at this request's institution. */
export function frame(ctx: OpenContext, journey: Journey): { bankName: string; journey: Journey } {
  return { bankName: ctx.institution.name, journey };
}

/** A 303 to the TPP's redirect URI with the given query parameters (undefined ones left out). */
export function redirect(redirectUri: string, params: Record<string, string | undefined>): RouteResponse {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  return { status: 303, headers: { location: url.toString() } };
}
