import { describe, expect, it } from 'vitest';
import { carriesCode, isRefusal } from '../../../../harness/model/answer.ts';
import { accessState, refreshState } from '../../../../harness/model/token-life.ts';
import type { ModelTokenSet } from '../../../../harness/model/model-state.ts';
import { accessRevocationRevokesRefresh } from '../../../../harness/model/constraints/token-constraints.ts';

describe('an answer as the seed model reads it', () => {
  it('finds a code wherever the body carries it as a string value, under the seed’s other spelling too', () => {
    expect(carriesCode({ status: 429, json: { message: 'TMRQ' }, headers: {} }, 'TMRQ')).toBe(true);
    expect(carriesCode({ status: 429, json: { errors: [{ code: 'TQMR' }] }, headers: {} }, 'TMRQ')).toBe(
      true,
    );
    expect(carriesCode({ status: 405, json: ['ISPM'], headers: {} }, 'NIMP')).toBe(true);
    expect(carriesCode({ status: 429, json: { message: 'too many: TMRQ' }, headers: {} }, 'TMRQ')).toBe(
      false,
    );
    expect(carriesCode({ status: 429, json: undefined, headers: {} }, 'TMRQ')).toBe(false);
  });

  it('finds invalid_token in WWW-Authenticate when the body has none', () => {
    const headers = { 'www-authenticate': 'Bearer error="invalid_token"' };
    expect(carriesCode({ status: 401, json: undefined, headers }, 'invalid_token')).toBe(true);
    expect(
      carriesCode(
        { status: 401, json: undefined, headers: { 'www-authenticate': 'Bearer' } },
        'invalid_token',
      ),
    ).toBe(false);
  });

  it('calls a 4xx a refusal, and nothing else', () => {
    expect(isRefusal({ status: 404, json: undefined, headers: {} })).toBe(true);
    expect(isRefusal({ status: 500, json: undefined, headers: {} })).toBe(false);
    expect(isRefusal({ status: 200, json: undefined, headers: {} })).toBe(false);
  });
});

describe('a token’s state at a time', () => {
  const issued = { lo: 0, hi: 100 };
  const set = (): ModelTokenSet => ({
    access: { value: 'a', issued, dead: undefined },
    refresh: { value: 'r', issued, dead: undefined },
    authenticated: issued,
  });

  it('is valid within 3600 s, expired past them, and not judged near the boundary', () => {
    expect(accessState(set(), { lo: 3_000_000, hi: 3_000_100 })).toBe('valid');
    expect(accessState(set(), { lo: 3_605_000, hi: 3_605_100 })).toBe('expired');
    expect(accessState(set(), { lo: 3_599_000, hi: 3_600_500 })).toBe('unknown');
  });

  it('refreshes until 180 days after the PSU authenticated, and never once dead', () => {
    const day = 86_400_000;
    expect(refreshState(set(), { lo: 179 * day, hi: 179 * day })).toBe('valid');
    expect(refreshState(set(), { lo: 181 * day, hi: 181 * day })).toBe('expired');
    const dead = set();
    if (dead.refresh !== undefined)
      dead.refresh.dead = { by: accessRevocationRevokesRefresh, why: 'revoked' };
    expect(refreshState(dead, { lo: 1, hi: 2 })).toBe('dead');
  });
});
