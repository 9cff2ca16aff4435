/**
 * The state of one running case (one cell of the matrix): where it runs, who the PSU is, its tokens,
 * its captured values, and the clock it sees.
 */
import { CodedError } from '../../lib/coded-error.ts';
import { addDays, parisDay, parisInstant, type VersionProfile } from '../../spec/lib/index.ts';
import type { StetClient } from '../client/stet-client.ts';
import type { JourneyDriver } from '../journeys/journey-driver.ts';
import type { SecretSet } from '../report/secret-set.ts';
import type { CaseDefinition, SuiteVersion } from '../suite/suite-definition.ts';
import { parseDateRef, parseTemplate } from '../suite/template.ts';
import type { InstitutionTarget, Target, TppCredentials } from '../targets/target-definition.ts';
import { isSignatureWindowDate, signatureWindowDate } from './signature-window.ts';
import type { TokenSet } from './token-set.ts';

/** The PSU a case runs as. */
export interface CasePsu {
  /** The sandbox clone's id, or the persona name against a host without sandbox control. */
  id: string;
  identifier: string;
  otp: string;
}

/** Everything a step implementation may read or change. */
export interface CaseContext {
  target: Target;
  institution: InstitutionTarget;
  version: SuiteVersion;
  /** What the version offers (spec/lib version profile): steps ask it, never compare versions. */
  profile: VersionProfile;
  definition: CaseDefinition;
  tpp: TppCredentials;
  psu: CasePsu;
  client: StetClient;
  journeys: (persona: string) => JourneyDriver;
  secrets: SecretSet;
  /** Captured values and built-ins (`version`, `institution`, `code`, …). */
  vars: Map<string, unknown>;
  tokens: TokenSet | undefined;
  /** Offset of the PSU's clock from this machine's, in ms (sandbox time travel moves it). */
  clockOffsetMs: number;
  /** Whether the sandbox control API can be used for this case. */
  sandbox: boolean;
}

/** The PSU's current instant. */
export function caseNow(ctx: Pick<CaseContext, 'clockOffsetMs'>): Date {
  return new Date(Date.now() + ctx.clockOffsetMs);
}

/** Raised when a template names a value this case does not (yet) have. */
export class UnboundValueError extends CodedError<'ERR_UNBOUND_VALUE'> {
  constructor(readonly ref: string) {
    super('ERR_UNBOUND_VALUE', `{{${ref}}} has no value at this point of the case`, {
      hint: 'capture it in an earlier step, or check that the step capturing it found a value',
    });
  }
}

/** The case value holding the institution's signature freshness window, in seconds, when it declares one. */
export const signatureWindowVar = '__signatureWindowSeconds';

/** What templates read: the case's values and its clock. */
export type TemplateScope = Pick<CaseContext, 'vars' | 'clockOffsetMs'>;

/** The value of one reference: a variable, a date expression, or `now`. */
export function lookup(ctx: TemplateScope, ref: string): unknown {
  const date = parseDateRef(ref);
  if (date !== undefined) {
    const day = addDays(parisDay(caseNow(ctx)), date.offsetDays);
    const time = date.parisTime;
    return time === undefined ? day : parisInstant(day, time.hour, time.minute).toISOString();
  }
  if (ref === 'now') return caseNow(ctx).toISOString();
  if (isSignatureWindowDate(ref)) {
    // Against the bank's own clock, which sandbox time travel (a PSU's clock) does not move.
    const windowSeconds = ctx.vars.get(signatureWindowVar);
    if (typeof windowSeconds !== 'number') throw new UnboundValueError(ref);
    return signatureWindowDate(ref, windowSeconds, Date.now());
  }
  if (!ctx.vars.has(ref)) throw new UnboundValueError(ref);
  return ctx.vars.get(ref);
}

/**
 * Fills a template. A template that is exactly one `{{ref}}` keeps the value's type (a captured
 * number stays a number); otherwise values are joined as text.
 */
export function fill(ctx: TemplateScope, template: string): unknown {
  const parts = parseTemplate(template);
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only !== undefined && 'ref' in only) return lookup(ctx, only.ref);
  return parts.map((p) => ('ref' in p ? asText(lookup(ctx, p.ref)) : p.text)).join('');
}

/** Fills a template and returns text. */
export function fillText(ctx: TemplateScope, template: string): string {
  return asText(fill(ctx, template));
}

/** Fills every string inside a JSON-like value (request bodies, expected values). */
export function fillDeep(ctx: TemplateScope, value: unknown): unknown {
  if (typeof value === 'string') return fill(ctx, value);
  if (Array.isArray(value)) return value.map((v) => fillDeep(ctx, v));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(ctx, v)]));
  }
  return value;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}
