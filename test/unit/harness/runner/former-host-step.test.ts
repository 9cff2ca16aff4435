import { describe, expect, it } from 'vitest';
import { judgeFormerHost } from '../../../../harness/runner/steps/former-host-step.ts';

describe('the former live host form judged on the target day', () => {
  it('wants it served the day before its withdrawal (2xx, 401 or 403), whatever refusal comes instead', () => {
    const before = (status: number, code?: string) =>
      judgeFormerHost('2025-09-27', '2025-09-28', { status, code }).met;
    expect([before(200), before(401), before(403, 'ROLE_MISSING')]).toEqual([true, true, true]);
    expect([before(410, 'HOST_WITHDRAWN'), before(421, 'HOST_UNKNOWN'), before(404)]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('wants it refused from its withdrawal day on, whatever status and code the bank refuses it with', () => {
    const on = (day: string, status: number, code?: string) =>
      judgeFormerHost(day, '2025-09-28', { status, code });
    expect(on('2025-09-28', 410, 'HOST_WITHDRAWN')).toEqual({
      expected: 'refused (withdrawn from 2025-09-28): not 2xx, 401 or 403',
      met: true,
    });
    // Another bank's code and status for the refusal (the 410 HOST_WITHDRAWN is the reference's).
    expect([on('2026-11-25', 410, 'HOST_GONE').met, on('2026-11-25', 404).met]).toEqual([true, true]);
    expect([on('2025-09-28', 200).met, on('2025-09-28', 401).met, on('2025-09-28', 302).met]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('wants a form without a withdrawal date served on any day', () => {
    expect(judgeFormerHost('2099-01-01', null, { status: 200, code: undefined }).met).toBe(true);
  });
});
