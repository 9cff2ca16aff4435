import { describe, expect, it } from 'vitest';
import {
  applyCalendarOverrides,
  isDecommissioned,
  versionCalendar,
  versionStatus,
} from '../../../spec/lib/index.ts';

const calendar = applyCalendarOverrides(versionCalendar(), {
  'v1.4.2': '2026-01-01',
  'v1.6.2': '2026-09-15',
});

describe('version status on a day', () => {
  it('serves every version when the calendar announces nothing', () => {
    for (const v of ['v1', 'v1.4.2', 'v1.6.2'] as const) {
      expect(versionStatus(versionCalendar(), v, '2030-01-01')).toEqual({
        version: v,
        state: 'served',
        liveDate: null,
        t0: null,
        decommissionDate: null,
        daysLeft: null,
      });
    }
  });

  it('serves version N until its successor goes live', () => {
    expect(versionStatus(calendar, 'v1', '2025-12-31')).toMatchObject({ state: 'served', t0: '2026-01-01' });
  });

  it('announces version N from T0 to the day before T0 + 3 months', () => {
    expect(versionStatus(calendar, 'v1', '2026-01-01')).toMatchObject({
      state: 'announced',
      decommissionDate: '2026-04-01',
      daysLeft: 90,
    });
    expect(versionStatus(calendar, 'v1', '2026-03-31')).toMatchObject({ state: 'announced', daysLeft: 1 });
  });

  it('decommissions version N on T0 + 3 months and after', () => {
    expect(versionStatus(calendar, 'v1', '2026-04-01')).toMatchObject({
      state: 'decommissioned',
      daysLeft: 0,
    });
    expect(versionStatus(calendar, 'v1', '2026-04-02')).toMatchObject({
      state: 'decommissioned',
      daysLeft: -1,
    });
    expect(isDecommissioned(calendar, 'v1', '2026-03-31')).toBe(false);
    expect(isDecommissioned(calendar, 'v1', '2026-04-01')).toBe(true);
  });

  it('calls a version upcoming before its own live date, and never decommissions the newest', () => {
    expect(versionStatus(calendar, 'v1.6.2', '2026-09-14')).toMatchObject({
      state: 'upcoming',
      decommissionDate: null,
    });
    expect(versionStatus(calendar, 'v1.6.2', '2040-01-01')).toMatchObject({ state: 'served' });
    expect(versionStatus(calendar, 'v1.4.2', '2026-12-15')).toMatchObject({
      state: 'decommissioned',
      decommissionDate: '2026-12-15',
    });
  });
});
