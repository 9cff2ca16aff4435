import { describe, expect, it } from 'vitest';
import { applyCalendarOverrides, versionCalendar } from '../../../../spec/lib/index.ts';
import { formatCalendar } from '../../../../harness/versions/calendar-table.ts';

describe('the calendar table', () => {
  it('prints each version with its live date, T0, decommission date, days left and state', () => {
    const calendar = applyCalendarOverrides(versionCalendar(), { 'v1.4.2': '2026-01-01' });
    const lines = formatCalendar(calendar, '2026-03-02').split('\n');
    expect(lines[0]).toContain('T0 + 3 months');
    expect(lines[2]?.split(/\s{2,}/)).toEqual([
      'v1',
      '1.4.0.47',
      'not announced',
      '2026-01-01',
      '2026-04-01',
      '30',
      'announced',
    ]);
    expect(lines[3]?.split(/\s{2,}/)).toEqual([
      'v1.4.2',
      '1.4.2.17',
      '2026-01-01 (deployment)',
      '-',
      '-',
      '-',
      'served',
    ]);
    expect(formatCalendar(calendar, '2026-04-01').split('\n')[2]).toMatch(
      /2026-04-01\s+gone\s+decommissioned$/,
    );
  });
});
