import { describe, expect, it } from 'vitest';
import { nestingCheckWanted, nestingGuard } from '../../../../reference-aspsp/store/nesting-guard.ts';

describe('nestingGuard', () => {
  it('when enabled, refuses a check made inside a transaction body, across awaits, and only there', async () => {
    const guard = nestingGuard(true);
    expect(() => guard.check()).not.toThrow();
    await expect(
      guard.inside(async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        guard.check();
      }),
    ).rejects.toMatchObject({ code: 'ERR_STORE_NESTED' });
    expect(() => guard.check()).not.toThrow();
  });

  it('when disabled, runs the body as it is and never refuses', async () => {
    const guard = nestingGuard(false);
    await expect(guard.inside(async () => (guard.check(), 42))).resolves.toBe(42);
  });

  it('is wanted only when STET_STORE_NESTING_CHECK is 1', () => {
    expect(nestingCheckWanted({ STET_STORE_NESTING_CHECK: '1' })).toBe(true);
    expect(nestingCheckWanted({ STET_STORE_NESTING_CHECK: '0' })).toBe(false);
    expect(nestingCheckWanted({})).toBe(false);
  });
});
