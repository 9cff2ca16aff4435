import { describe, expect, it } from 'vitest';
import { applyCalendarOverrides, versionCalendar, versionStatus } from '../../../../spec/lib/index.ts';
import { expectedText, judgeVersion } from '../../../../harness/versions/judge-version.ts';
import type { ObservedState } from '../../../../harness/versions/version-probe.ts';

const calendar = applyCalendarOverrides(versionCalendar(), {
  'v1.4.2': '2026-01-01',
  'v1.6.2': '2027-01-01',
});
const served = { state: 'served', status: 401, code: 'invalid_token' } as const;
const gone = { state: 'gone', status: 404, code: 'VERSION_DECOMMISSIONED' } as const;

function judge(
  version: 'v1' | 'v1.4.2' | 'v1.6.2',
  day: string,
  observed: { state: ObservedState; status: number; code: string | undefined },
) {
  return judgeVersion(versionStatus(calendar, version, day), observed, day);
}

describe('judging a version against the calendar', () => {
  it('passes a decommissioned version that is gone', () => {
    expect(judge('v1', '2026-04-02', gone)).toMatchObject({
      status: 'passed',
      expected: 'gone (decommissioned from 2026-04-01)',
      actual: 'gone (404 VERSION_DECOMMISSIONED)',
    });
  });

  it('fails a version still served on its decommission date', () => {
    expect(judge('v1', '2026-04-01', served)).toEqual({
      status: 'failed',
      message: 'v1 is still served on 2026-04-01, decommissioned from 2026-04-01 (T0 2026-01-01 + 3 months)',
      expected: 'gone (decommissioned from 2026-04-01)',
      actual: 'served (401 invalid_token)',
    });
  });

  it('passes an announced version still served the day before, saying how many days are left', () => {
    expect(judge('v1', '2026-03-31', served)).toMatchObject({
      status: 'passed',
      message: 'v1 is served, announced: 1 day(s) left before 2026-04-01',
      expected: 'served (announced: decommissioned from 2026-04-01)',
    });
  });

  it('fails a version gone before its decommission date, and one gone with none announced', () => {
    expect(judge('v1', '2026-03-31', gone)).toMatchObject({
      status: 'failed',
      message: 'v1 is gone on 2026-03-31, before its decommission date 2026-04-01',
    });
    expect(
      judgeVersion(versionStatus(versionCalendar(), 'v1', '2030-01-01'), gone, '2030-01-01'),
    ).toMatchObject({
      status: 'failed',
      message: 'v1 is gone on 2030-01-01 although no decommissioning is announced',
      expected: 'served (no decommission date)',
    });
  });

  it('does not judge a version before its own live date', () => {
    expect(judge('v1.6.2', '2026-06-01', gone)).toMatchObject({
      status: 'not-applicable',
      expected: 'not judged (goes live on 2027-01-01)',
    });
  });

  it('errors when the probe cannot tell, whatever the calendar says', () => {
    expect(judge('v1', '2026-04-02', { state: 'unclear', status: 500, code: 'INTE' })).toMatchObject({
      status: 'errored',
      message:
        'cannot tell whether v1 is served: the probe answered 500 INTE (served: 2xx, 401, 403; gone: 404, 410)',
    });
  });

  it('words a served version with a planned successor', () => {
    expect(expectedText(versionStatus(calendar, 'v1.4.2', '2026-06-01'))).toBe(
      'served (successor live on 2027-01-01, decommissioned from 2027-04-01)',
    );
  });
});
