/**
 * What the seed says of a token at a given time (seed: Tokens): an access token works for 3600 s
 * from its issue, a refresh works until 180 days after the PSU's last authentication, and a dead
 * token (replaced, refreshed away, revoked) never works again. Within {@link judgementSlack} of a
 * boundary the answer is `unknown` and not judged.
 */
import type { Answer } from './answer.ts';
import type { Constraint } from './constraint.ts';
import type { Instant, ModelTokenSet, ModelTriplet } from './model-state.ts';
import { judgementSlack, seedLimits } from './seed-limits.ts';

/** The seed's verdict on a token at a time. */
export type TokenState = 'valid' | 'expired' | 'dead' | 'unknown';

const second = 1000;
const day = 86_400 * second;

function against(since: Instant, at: Instant, lifetimeMs: number, slackMs: number): TokenState {
  if (at.hi - since.lo < lifetimeMs - slackMs) return 'valid';
  if (at.lo - since.hi > lifetimeMs + slackMs) return 'expired';
  return 'unknown';
}

/** The access token of `set` at `at`. */
export function accessState(set: ModelTokenSet, at: Instant): TokenState {
  if (set.access.dead !== undefined) return 'dead';
  return against(
    set.access.issued,
    at,
    seedLimits.accessTokenSeconds * second,
    judgementSlack.seconds * second,
  );
}

/** Whether a refresh with the set's refresh token works at `at`. */
export function refreshState(set: ModelTokenSet, at: Instant): TokenState {
  if (set.refresh === undefined) return 'unknown';
  if (set.refresh.dead !== undefined) return 'dead';
  return against(set.authenticated, at, seedLimits.refreshTokenDays * day, judgementSlack.seconds * second);
}

/** Marks both tokens of a set dead (the seed revokes a set's tokens together). */
export function killSet(set: ModelTokenSet, by: Constraint<Answer>, why: string): void {
  set.access.dead ??= { by, why };
  if (set.refresh !== undefined) set.refresh.dead ??= { by, why };
}

/** A new set for the triplet: the current one is replaced (seed: one set per PSU/TPP/role). */
export function installSet(triplet: ModelTriplet, set: ModelTokenSet, by: Constraint<Answer>): void {
  const previous = triplet.current;
  if (previous !== undefined) {
    killSet(previous, by, 'a new token set of the triplet was issued');
    triplet.earlier = [previous, ...triplet.earlier].slice(0, 3);
  }
  triplet.current = set;
  triplet.uncertain = false;
}
