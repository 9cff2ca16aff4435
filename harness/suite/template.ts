/**
 * The `{{name}}` template syntax of suites, parsed once so the loader can check every name before a
 * run and the runner can fill them in.
 *
 * A name is a built-in (see {@link builtinNames}), a capture of an earlier step, or a date expression
 * `today`, `today-30d`, `today+1d` (the PSU's calendar day, so it follows sandbox time travel), or
 * the same with a Paris wall-clock time, `today@21:49`, `today+1d@21:50`: the UTC instant of that
 * minute in Paris on that day (the accounting batch and the quota day are Paris times, and the offset
 * from UTC changes with the season), or `qsealNearMiss.<name>`, a near-miss QSEAL (see {@link nearMissOfRef}).
 */
import { isQsealNearMissName, type QsealNearMissName } from '../../pki/qseal-near-misses.ts';

/** Names every case has, without capturing them. */
export const builtinNames: ReadonlySet<string> = new Set([
  'version',
  'institution',
  'persona',
  'psuId',
  'identifier',
  'otp',
  'clientId',
  'redirectUri',
  'now',
  'code',
  'state',
  'codeVerifier',
  'accessToken',
  'refreshToken',
  'requestId',
  'confirmation',
  'qsealX5c',
  'qsealFingerprint',
  'organizationId',
  'qwacX5c',
  // From a live target's sandboxPersonas and sandboxOtp: the sandbox data its live host must refuse.
  'sandboxIdentifier',
  'sandboxOtp',
  // Instants around the institution's signature freshness window (harness/runner/signature-window.ts).
  'signatureDateBeforeWindow',
  'signatureDateInWindow',
  'signatureDateAfterWindow',
  'signatureCreatedBeforeWindow',
  'signatureCreatedInWindow',
  'signatureCreatedAfterWindow',
]);

/** A part of a template: literal text or a reference. */
export type TemplatePart = { text: string } | { ref: string };

const refPattern =
  /\{\{\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9]*|[+-]\d+d)?(?:@\d{2}:\d{2})?)\s*\}\}/g;

/** Splits a template into literal text and references. */
export function parseTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of template.matchAll(refPattern)) {
    const index = match.index;
    if (index > last) parts.push({ text: template.slice(last, index) });
    parts.push({ ref: match[1] ?? '' });
    last = index + match[0].length;
  }
  if (last < template.length) parts.push({ text: template.slice(last) });
  return parts;
}

/** The references of a template, in order. */
export function templateRefs(template: string): string[] {
  return parseTemplate(template).flatMap((p) => ('ref' in p ? [p.ref] : []));
}

/** A `today±Nd` expression, with its Paris time when it has one (`@HH:MM`). */
export interface DateRef {
  readonly offsetDays: number;
  readonly parisTime: { readonly hour: number; readonly minute: number } | undefined;
}

/** A `today±Nd` or `today±Nd@HH:MM` expression, parsed; undefined for any other name or time. */
export function parseDateRef(ref: string): DateRef | undefined {
  const match = /^today(?:([+-])(\d+)d)?(?:@(\d{2}):(\d{2}))?$/.exec(ref);
  if (match === null) return undefined;
  const n = Number(match[2] ?? '0');
  const offsetDays = match[1] === '-' ? -n : n;
  if (match[3] === undefined) return { offsetDays, parisTime: undefined };
  const hour = Number(match[3]);
  const minute = Number(match[4]);
  if (hour > 23 || minute > 59) return undefined;
  return { offsetDays, parisTime: { hour, minute } };
}

/** True when `ref` needs no capture: a built-in, a date expression or a near-miss certificate. */
export function isBuiltinRef(ref: string): boolean {
  return builtinNames.has(ref) || parseDateRef(ref) !== undefined || nearMissOfRef(ref) !== undefined;
}

/**
 * The near-miss QSEAL a `qsealNearMiss.<name>` reference names (pki/qseal-near-misses.ts: the case
 * TPP's QSEAL issued again with one field wrong, as base64 DER), or undefined for any other reference.
 */
export function nearMissOfRef(ref: string): QsealNearMissName | undefined {
  const match = /^qsealNearMiss\.(\w+)$/.exec(ref);
  return match?.[1] !== undefined && isQsealNearMissName(match[1]) ? match[1] : undefined;
}
