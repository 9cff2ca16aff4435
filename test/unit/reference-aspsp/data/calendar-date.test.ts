import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  endOfMonth,
  isCalendarDate,
  parisDate,
  parisWallClock,
} from '../../../../reference-aspsp/data/calendar-date.ts';

describe('Paris calendar days', () => {
  it('reads the Paris date, not the UTC one, around midnight', () => {
    expect(parisDate(new Date('2025-06-30T22:30:00Z'))).toBe('2025-07-01');
    expect(parisDate(new Date('2025-01-31T22:30:00Z'))).toBe('2025-01-31');
  });

  it('reads the Paris wall clock in summer and winter time', () => {
    expect(parisWallClock(new Date('2025-07-01T19:05:00Z'))).toEqual({
      date: '2025-07-01',
      minutes: 21 * 60 + 5,
    });
    expect(parisWallClock(new Date('2025-01-10T20:49:00Z'))).toEqual({
      date: '2025-01-10',
      minutes: 21 * 60 + 49,
    });
  });

  it('accepts only real calendar dates written YYYY-MM-DD', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
    expect(isCalendarDate('2025-01-01T00:00:00Z')).toBe(false);
  });

  it('adds days across months and DST changes', () => {
    expect(addDays('2025-03-30', 1)).toBe('2025-03-31');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(daysBetween('2025-01-01', '2025-04-01')).toBe(90);
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
  });
});
