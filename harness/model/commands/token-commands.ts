/**
 * Commands of the token state machine: logins (with a replayed code), refreshes, uses of the current
 * or an earlier access token, refreshes with an earlier refresh token, revocations both ways, and a
 * CBPII token on an AISP resource. Each judges the answer from the token's state at the call.
 */
import fc from 'fast-check';
import { enforce } from '../constraint.ts';
import {
  accessRevocationRevokesRefresh,
  currentTokenServes,
  expiredTokenRefused,
  refreshAfter180Refused,
  refreshRevocationRevokesAccess,
  wrongScopeBads,
} from '../constraints/token-constraints.ts';
import type { ModelState, TppName } from '../model-state.ts';
import { accessState, killSet, refreshState } from '../token-life.ts';
import {
  accessToken,
  tppName,
  psuIndex,
  apiPath,
  login,
  prepare,
  psuAt,
  refresh,
  tppOf,
  tripletOf,
  type ModelCommand,
  type ModelReal,
} from './context.ts';

class Login implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly tpp: TppName,
    readonly replayCode: boolean,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    await prepare(model, real, this.psu);
    await login(model, real, this.psu, tppOf(model, this.tpp), 'aisp', this.replayCode);
  }
  toString(): string {
    return `Login(psu${this.psu} ${this.tpp}${this.replayCode ? ' replay-code' : ''})`;
  }
}

class UseAccess implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly tpp: TppName,
    readonly earlier: boolean,
  ) {}
  check(model: Readonly<ModelState>): boolean {
    const triplet = tripletOf(psuAt(model.psus, this.psu), tppOf(model, this.tpp), 'aisp');
    return !triplet.uncertain && (!this.earlier || triplet.earlier.length > 0);
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const tpp = tppOf(model, this.tpp);
    const triplet = tripletOf(psuAt(model.psus, this.psu), tpp, 'aisp');
    const set = this.earlier
      ? triplet.earlier[0]
      : (triplet.current ?? (await accessToken(model, real, this.psu, tpp)));
    if (set === undefined) return;
    const { exchange, at } = await psuAt(real.psus, this.psu).call(tpp, {
      method: 'GET',
      path: apiPath(model, 'accounts'),
      token: set.access.value,
    });
    const state = accessState(set, at);
    if (state === 'valid') enforce(currentTokenServes, exchange, exchange);
    else if (state === 'expired') enforce(expiredTokenRefused, exchange, exchange);
    else if (set.access.dead !== undefined) enforce(set.access.dead.by, exchange, exchange);
  }
  toString(): string {
    return `UseAccess(psu${this.psu} ${this.tpp} ${this.earlier ? 'earlier' : 'current'})`;
  }
}

class Refresh implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly tpp: TppName,
    readonly earlier: boolean,
  ) {}
  check(model: Readonly<ModelState>): boolean {
    const triplet = tripletOf(psuAt(model.psus, this.psu), tppOf(model, this.tpp), 'aisp');
    return !triplet.uncertain && (!this.earlier || triplet.earlier[0]?.refresh?.dead !== undefined);
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    const tpp = tppOf(model, this.tpp);
    const session = psuAt(real.psus, this.psu);
    const triplet = tripletOf(psuAt(model.psus, this.psu), tpp, 'aisp');
    const set = this.earlier
      ? triplet.earlier[0]
      : (triplet.current ?? (await accessToken(model, real, this.psu, tpp)));
    if (set?.refresh === undefined) return;
    const state = refreshState(set, session.now());
    if (!this.earlier && state === 'valid') {
      await refresh(model, real, this.psu, tpp, 'aisp');
      return;
    }
    const { exchange } = await session.refresh(tpp, set.refresh.value);
    if (set.refresh.dead !== undefined) enforce(set.refresh.dead.by, exchange, exchange);
    else if (state === 'expired') enforce(refreshAfter180Refused, exchange, exchange);
    // An unjudged refresh leaves what the bank did to the set open: log in again before judging it.
    if (state === 'unknown') triplet.uncertain = true;
  }
  toString(): string {
    return `Refresh(psu${this.psu} ${this.tpp} ${this.earlier ? 'earlier' : 'current'})`;
  }
}

/**
 * A sandbox revocation: one kind of token of the main TPP's sets (the control API lets a TPP touch
 * only the PSUs it cloned, so the second TPP's tokens are revoked only with all of the PSU's).
 */
class Revoke implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly which: 'access' | 'refresh' | 'all',
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    await prepare(model, real, this.psu);
    const psu = psuAt(model.psus, this.psu);
    await psuAt(real.psus, this.psu).revoke('main', this.which);
    const by = this.which === 'refresh' ? refreshRevocationRevokesAccess : accessRevocationRevokesRefresh;
    for (const name of model.tpps) {
      if (this.which !== 'all' && name !== 'main') continue;
      for (const role of ['aisp', 'cbpii'] as const) {
        const current = tripletOf(psu, name, role).current;
        if (current !== undefined)
          killSet(
            current,
            by,
            this.which === 'all' ? 'the PSU’s tokens were revoked' : `its ${this.which} token was revoked`,
          );
      }
    }
    // The payment's tokens are the PSU's too: the sandbox revocation ends them, the model stops using them.
    if (model.payment !== undefined) model.payment.tokensEnded = true;
  }
  toString(): string {
    return `Revoke(psu${this.psu} ${this.which})`;
  }
}

class CbpiiOnAccounts implements ModelCommand {
  constructor(readonly psu: number) {}
  check(model: Readonly<ModelState>): boolean {
    return model.profile.cbpiiScope !== null;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    await prepare(model, real, this.psu);
    const triplet = tripletOf(psuAt(model.psus, this.psu), 'main', 'cbpii');
    const now = psuAt(real.psus, this.psu).now();
    if (
      triplet.current === undefined ||
      triplet.uncertain ||
      accessState(triplet.current, { lo: now.lo + 60_000, hi: now.hi + 60_000 }) !== 'valid'
    )
      await login(model, real, this.psu, 'main', 'cbpii');
    const set = triplet.current;
    if (set === undefined) return;
    const { exchange, at } = await psuAt(real.psus, this.psu).call('main', {
      method: 'GET',
      path: apiPath(model, 'accounts'),
      token: set.access.value,
    });
    if (accessState(set, at) === 'valid') enforce(wrongScopeBads, exchange, exchange);
  }
  toString(): string {
    return `CbpiiTokenOnAccounts(psu${this.psu})`;
  }
}

/** The token commands. */
export const tokenCommands: Array<fc.Arbitrary<ModelCommand>> = [
  fc.tuple(psuIndex, tppName, fc.boolean()).map(([p, t, replay]) => new Login(p, t, replay)),
  fc.tuple(psuIndex, tppName, fc.boolean()).map(([p, t, earlier]) => new UseAccess(p, t, earlier)),
  fc.tuple(psuIndex, tppName, fc.boolean()).map(([p, t, earlier]) => new UseAccess(p, t, earlier)),
  fc.tuple(psuIndex, tppName, fc.boolean()).map(([p, t, earlier]) => new Refresh(p, t, earlier)),
  fc
    .tuple(psuIndex, fc.constantFrom<'access' | 'refresh' | 'all'>('access', 'refresh', 'all'))
    .map(([p, w]) => new Revoke(p, w)),
  psuIndex.map((p) => new CbpiiOnAccounts(p)),
];
