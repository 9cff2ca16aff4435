import { describe, expect, it } from 'vitest';
import { fill, fillDeep, type TemplateScope } from '../../../../harness/runner/case-context.ts';
import { KeyedLock } from '../../../../harness/runner/keyed-lock.ts';
import { needsRefresh, parseTokenResponse } from '../../../../harness/runner/token-set.ts';

function context(vars: Record<string, unknown>, clockOffsetMs = 0): TemplateScope {
  return { vars: new Map(Object.entries(vars)), clockOffsetMs };
}

describe('templates', () => {
  it('keeps the type of a value that is the whole template, and joins text otherwise', () => {
    const ctx = context({ n: 3, id: 'abc', list: [1, 2] });
    expect(fill(ctx, '{{n}}')).toBe(3);
    expect(fill(ctx, '{{ list }}')).toEqual([1, 2]);
    expect(fill(ctx, '/accounts/{{id}}/x{{n}}')).toBe('/accounts/abc/x3');
    expect(fillDeep(ctx, { a: ['{{id}}', { b: '{{n}}' }], c: true })).toEqual({
      a: ['abc', { b: 3 }],
      c: true,
    });
  });

  it('refuses a value the case does not have yet', () => {
    expect(() => fill(context({}), '{{missing}}')).toThrow(
      expect.objectContaining({ code: 'ERR_UNBOUND_VALUE' }),
    );
  });

  it('computes Paris calendar days, following the PSU clock', () => {
    const day = 24 * 3600_000;
    expect(fill(context({}, 10 * day), '{{today-10d}}')).toBe(fill(context({}), '{{today}}'));
  });
});

describe('token sets', () => {
  it('parses expires_in as a number or a numeric string, and needs refresh only when expired with a refresh token', () => {
    const t = parseTokenResponse(
      { access_token: 'a1', refresh_token: 'r1', expires_in: '3600', scope: 'aisp' },
      0,
    );
    expect(t).toMatchObject({ accessToken: 'a1', refreshToken: 'r1', expiresIn: 3600, expiresAt: 3_600_000 });
    expect(t !== undefined && needsRefresh(t, 1_000)).toBe(false);
    expect(t !== undefined && needsRefresh(t, 3_590_000)).toBe(true);
    const noRefresh = parseTokenResponse({ access_token: 'a2' }, 0);
    expect(noRefresh !== undefined && needsRefresh(noRefresh, 9_999_999)).toBe(false);
    expect(parseTokenResponse({ error: 'invalid_grant' }, 0)).toBeUndefined();
  });
});

describe('KeyedLock', () => {
  it('runs work of one key one at a time, and other keys alongside', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const job = (key: string | undefined, name: string, ms: number) =>
      lock.run(key, async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
      });
    await Promise.all([job('alice', 'a1', 30), job('alice', 'a2', 1), job('bob', 'b1', 1)]);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });
});
