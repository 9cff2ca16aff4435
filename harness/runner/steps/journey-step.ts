/**
 * Runs a `journey` step: builds the authorize URL (contracts §6; for PISP the payment's consent link
 * plus PKCE), takes the PSU through the pages with the persona's driver, and exposes the callback
 * query as the step's body (`$.code`, `$.error`, …) and as the `code` and `state` values.
 */
import { createHash, randomBytes } from 'node:crypto';
import { JourneyError } from '../../journeys/journey-driver.ts';
import type { JourneyAction } from '../../suite/suite-definition.ts';
import { institutionHost } from '../../targets/target-definition.ts';
import { fillText, lookup, type CaseContext } from '../case-context.ts';
import type { StepRun } from './step-run.ts';
import { moveClock } from './sandbox-step.ts';
import { roleScope } from './token-step.ts';

/** The authorize endpoint (no version segment). */
export const authorizePath = '/stet/psd2/oauth/authorize';

/** Runs the journey of a step. */
export async function runJourneyStep(ctx: CaseContext, action: JourneyAction): Promise<StepRun> {
  const host = institutionHost(ctx.target, ctx.institution.code);
  const redirectUri =
    action.redirectUri === undefined ? ctx.tpp.redirectUri : fillText(ctx, action.redirectUri);
  const state = randomBytes(12).toString('hex');
  ctx.vars.set('state', state);
  let url: URL;
  if (action.link !== undefined) {
    const href = lookup(ctx, action.link);
    url = new URL(typeof href === 'string' ? href : '', `https://${host}`);
    const verifier = randomBytes(32).toString('base64url');
    ctx.secrets.add('code_verifier', verifier);
    ctx.vars.set('codeVerifier', verifier);
    url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
  } else {
    url = new URL(`https://${host}${authorizePath}`);
    ctx.vars.delete('codeVerifier');
  }
  const set = (name: string, value: string): void => {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  };
  set('response_type', 'code');
  set('client_id', action.clientId === undefined ? ctx.tpp.clientId : fillText(ctx, action.clientId));
  set('redirect_uri', redirectUri);
  set('scope', action.scope ?? roleScope(ctx.definition.given.role, ctx.profile));
  set('state', state);
  if (action.loginHint) set('login_hint', ctx.psu.identifier);
  const driver = ctx.journeys(ctx.definition.given.persona);
  try {
    const result = await driver.run({
      institution: ctx.institution.code,
      authorizeUrl: url.href,
      redirectUri,
      identifier: ctx.psu.identifier,
      otp: action.otp === undefined ? ctx.psu.otp : fillText(ctx, action.otp),
      outcome: action.outcome,
      account: action.account === undefined ? undefined : fillText(ctx, action.account),
      travel: ctx.sandbox
        ? async (duration) => {
            await moveClock(ctx, { travel: duration });
          }
        : undefined,
    });
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
