/**
 * The captures of a running case that found nothing in the bank's answer. A step checking only our
 * choices goes on after such a miss (its finding is advisory), so a later step may need the value the
 * bank did not give: that step then fails its own rules naming the miss, instead of the case ending as
 * `errored` (a missing `{{value}}` is otherwise a fault of the suite).
 */
import type { CaseContext } from './case-context.ts';

const missed = new WeakMap<CaseContext, Map<string, string>>();

/** Records that capture `name` found nothing; `why` says where it looked and what came back. */
export function noteMissingCapture(ctx: CaseContext, name: string, why: string): void {
  let names = missed.get(ctx);
  if (names === undefined) missed.set(ctx, (names = new Map<string, string>()));
  names.set(name, why);
}

/** Why the value `name` is missing because the bank did not give it, or undefined when it is not. */
export function missingCapture(ctx: CaseContext, name: string): string | undefined {
  return missed.get(ctx)?.get(name);
}

/** Forgets a miss once a later step captured the value after all. */
export function foundCapture(ctx: CaseContext, name: string): void {
  missed.get(ctx)?.delete(name);
}
