/**
 * Runs a `journey` step: builds the authorize URL (contracts §6; for PISP the payment's consent link
 * plus PKCE), takes the PSU through the pages with the persona's driver, and exposes the callback
 * query as the step's body (`$.code`, `$.error`, …) and as the `code` and `state` values.
 */
import { randomBytes } from 'node:crypto';
import { createPkcePair, type PkcePair } from '../../../protocol/index.ts';
import { JourneyError, type JourneyResult } from '../../journeys/journey-driver.ts';
import type { JourneyAction } from '../../suite/suite-definition.ts';
import type { AuthorizeRequest } from '../../client/tpp-client.ts';
import { bodyExcerpt } from '../body-excerpt.ts';
import type { CheckFailure } from '../check-value.ts';
import { fillText, lookup, type CaseContext } from '../case-context.ts';
import { caseTpp } from './case-tpp.ts';
import type { StepRun } from './step-run.ts';
import { alternateTpp } from './request-step.ts';
import { moveClock } from './sandbox-step.ts';
import { roleScope } from './token-step.ts';

/** Runs the journey of a step. */
export async function runJourneyStep(ctx: CaseContext, action: JourneyAction): Promise<StepRun> {
  const tpp = alternateTpp(ctx, action.tpp);
  const redirectUri = action.redirectUri === undefined ? tpp.redirectUri : fillText(ctx, action.redirectUri);
  const state = randomBytes(12).toString('hex');
  ctx.vars.set('state', state);
  let link: string | undefined;
  let pkce: PkcePair | undefined;
  if (action.link !== undefined) {
    const href = lookup(ctx, action.link);
    if (typeof href !== 'string') {
      // The payment's consent link as the bank gave it: not an address to send the PSU to.
      const actual = bodyExcerpt(JSON.stringify(href) ?? String(href));
      return {
        outcome: undefined,
        exchanges: [],
        failure: {
          message: `the link ${action.link} the bank gave is not an href string: ${actual}`,
          expected: `an href string in ${action.link}`,
          actual,
        },
      };
    }
    link = href;
    pkce = createPkcePair();
    ctx.secrets.add('code_verifier', pkce.verifier);
    ctx.vars.set('codeVerifier', pkce.verifier);
  } else {
    ctx.vars.delete('codeVerifier');
  }
  const url = authorizeUrl(ctx, tpp, {
    link,
    pkce,
    clientId: action.clientId === undefined ? tpp.clientId : fillText(ctx, action.clientId),
    redirectUri,
    scope: action.scope ?? roleScope(ctx.definition.given.role, ctx.profile),
    state,
    loginHint: action.loginHint ? ctx.psu.identifier : undefined,
  });
  if (!(url instanceof URL)) return { outcome: undefined, exchanges: [], failure: url };
  const persona = ctx.definition.given.persona;
  const driver = ctx.journeys(persona);
  const run = (readOtp: (() => string | undefined) | undefined): Promise<JourneyResult> =>
    driver.run({
      institution: ctx.institution.code,
      authorizeUrl: url.href,
      redirectUri,
      identifier: ctx.psu.identifier,
      otp: action.otp === undefined ? ctx.psu.otp : fillText(ctx, action.otp),
      readOtp,
      outcome: action.outcome,
      account: action.account === undefined ? undefined : fillText(ctx, action.account),
      travel: ctx.sandbox
        ? async (duration) => {
            await moveClock(ctx, { travel: duration });
          }
        : undefined,
    });
  // A persona without a code of its own reads the one the live host sent to its phone, when the
  // target can see the phone (the selftest's live reference).
  const phones = action.otp === undefined && ctx.psu.otp === '' ? ctx.target.psuPhones : undefined;
  try {
    const result =
      phones === undefined
        ? await run(undefined)
        : await phones.hold({ institution: ctx.institution.code, persona }, (lastCode) =>
            run(() => {
              const code = lastCode();
              if (code !== undefined) ctx.secrets.add('otp', code);
              return code;
            }),
          );
    const code = result.callback['code'];
    if (code !== undefined) {
      ctx.secrets.add('code', code);
      ctx.vars.set('code', code);
    }
    return {
      outcome: {
        status: undefined,
        headers: {},
        body: result.callback,
        text: new URLSearchParams(result.callback).toString(),
        ...(result.pageFields === undefined ? {} : { pageFields: result.pageFields }),
      },
      exchanges: result.exchanges,
      ...(result.screenshot === undefined ? {} : { screenshot: result.screenshot }),
    };
  } catch (error) {
    if (!(error instanceof JourneyError)) throw error;
    return {
      outcome: undefined,
      exchanges: error.failure.exchanges,
      ...(error.failure.screenshot === undefined ? {} : { screenshot: error.failure.screenshot }),
      failure: { message: error.message, expected: `a callback to ${redirectUri}`, actual: error.message },
    };
  }
}

/** The authorize URL, or the failure of a consent link the bank gave that is no URL. */
function authorizeUrl(
  ctx: CaseContext,
  tpp: CaseContext['tpp'],
  request: AuthorizeRequest,
): URL | CheckFailure {
  try {
    return caseTpp(ctx, tpp).authorizeUrl(request);
  } catch (error) {
    if (!(error instanceof TypeError) || request.link === undefined) throw error;
    return {
      message: `the consent link the bank gave is not a URL: ${bodyExcerpt(request.link)}`,
      expected: 'an href the PSU can be sent to',
      actual: bodyExcerpt(request.link),
    };
  }
}
