/**
 * Runs a `sandbox` step on the control API of contracts §5 (mTLS, no Signature, JSON), and the
 * helpers the case set-up uses: cloning a fresh PSU and moving its clock.
 */
import { bodyExcerpt } from '../body-excerpt.ts';
import type { HttpExchange } from '../../client/stet-client.ts';
import { sandboxBase } from '../../client/tpp-client.ts';
import { CodedError } from '../../../lib/coded-error.ts';
import type { SandboxAction } from '../../suite/suite-definition.ts';
import { fillText, type CaseContext, type CasePsu } from '../case-context.ts';
import { fieldsOf } from '../step-outcome.ts';
import { caseTpp } from './case-tpp.ts';
import { outcomeOf, type StepRun } from './step-run.ts';

/** Runs the sandbox action of a step. */
export async function runSandboxStep(ctx: CaseContext, action: SandboxAction): Promise<StepRun> {
  const psu = `${sandboxBase}/psus/${encodeURIComponent(ctx.psu.id)}`;
  const tpp = caseTpp(ctx);
  const account = (): string => `${psu}/accounts/${encodeURIComponent(fillText(ctx, action.account ?? ''))}`;
  let exchange: HttpExchange;
  switch (action.action) {
    case 'travel':
      exchange = await moveClock(
        ctx,
        action.at === undefined ? { travel: action.by ?? 'PT0S' } : { at: fillText(ctx, action.at) },
      );
      break;
    case 'reset':
      exchange = await tpp.sandbox(`${psu}/reset`);
      break;
    case 'revoke-tokens':
      exchange = await tpp.revokeTokens(ctx.psu.id);
      break;
    case 'revoke-token':
      exchange = await tpp.sandbox(`${psu}/revoke-token`, { token: action.token ?? 'access' });
      break;
    case 'block':
      exchange = await tpp.sandbox(`${account()}/block`);
      break;
    case 'close':
      exchange = await tpp.sandbox(`${account()}/close`);
      break;
    case 'book-pending':
      exchange = await tpp.sandbox(`${account()}/book-pending`);
      break;
  }
  return { outcome: outcomeOf(exchange), exchanges: [exchange] };
}

/** Moves the PSU's clock and records the new offset, so `{{today}}` follows it. */
export async function moveClock(
  ctx: CaseContext,
  body: { travel: string } | { at: string },
): Promise<HttpExchange> {
  const exchange = await caseTpp(ctx).moveClock(ctx.psu.id, body);
  const now = field(exchange.json, 'now');
  if (exchange.status === 200 && typeof now === 'string' && !Number.isNaN(Date.parse(now))) {
    ctx.clockOffsetMs = Date.parse(now) - Date.now();
  }
  return exchange;
}

/**
 * Clones a fresh PSU from `persona` at the case's institution (POST /sandbox/v1/psus); with `at`, the
 * PSU's clock starts at that instant and its data are generated as of it (an account "opened today"
 * opens then), and the case's clock follows.
 */
export async function clonePsu(
  ctx: CaseContext,
  persona: string,
  at?: string,
): Promise<{ psu: CasePsu; exchange: HttpExchange }> {
  const { psu: cloned, exchange } = await caseTpp(ctx).clonePsu(persona, at);
  if (cloned === undefined) {
    throw new CodedError(
      'ERR_SANDBOX_CLONE',
      `cloning persona ${persona} answered ${exchange.status}: ${bodyExcerpt(exchange.text)}`,
      {
        hint: 'the target declares the sandbox capability; check that its control API is on (contracts §5)',
      },
    );
  }
  ctx.secrets.add('otp', cloned.otp);
  if (at !== undefined) ctx.clockOffsetMs = Date.parse(at) - Date.now();
  return { psu: { id: cloned.psuId, identifier: cloned.identifier, otp: cloned.otp }, exchange };
}

function field(body: unknown, name: string): unknown {
  return fieldsOf(body).get(name);
}
