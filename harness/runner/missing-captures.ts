/**
 * The captures of a running case that found nothing in the bank's answer, each with the rule its miss
 * was judged by. Only a miss judged by a choice lets the case go on (a seed miss fails it), so a later
 * step needing the value cannot be checked for a reason of the same basis: it is judged by that rule
 * too, instead of the case ending as `errored` (a missing `{{value}}` is otherwise a fault of the suite)
 * or failing a seed rule the bank may well keep.
 */
import type { CaseContext } from './case-context.ts';

/** Why a value is missing, and the rule its miss was judged by. */
export interface MissingValue {
  why: string;
  rule: string;
}

const missed = new WeakMap<CaseContext, Map<string, MissingValue>>();

/** Records that capture `name` found nothing; `why` says where it looked and what came back. */
export function noteMissingCapture(ctx: CaseContext, name: string, missing: MissingValue): void {
  let names = missed.get(ctx);
  if (names === undefined) missed.set(ctx, (names = new Map<string, MissingValue>()));
  names.set(name, missing);
}

/** Why the value `name` is missing because the bank did not give it, or undefined when it is not. */
export function missingCapture(ctx: CaseContext, name: string): MissingValue | undefined {
  return missed.get(ctx)?.get(name);
}

/** Forgets a miss once a later step captured the value after all. */
export function foundCapture(ctx: CaseContext, name: string): void {
  missed.get(ctx)?.delete(name);
}
