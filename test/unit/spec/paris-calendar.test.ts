import { describe, expect, it } from 'vitest';
import {
  accountingBatch,
  accountingBatchStart,
  addDays,
  addMonths,
  daysBetween,
  endOfMonth,
  isAccountingBatchRunning,
  isCalendarDate,
  parisDay,
  parisInstant,
  parisLocalTime,
  parisMinuteOfDay,
  parisWallClock,
  startOfMonth,
} from '../../../spec/lib/index.ts';

const at = (iso: string): Date => new Date(iso);

// In 2026 Paris goes to summer time on Sunday 29 March (02:00 CET → 03:00 CEST, 01:00 UTC) and back
// on Sunday 25 October (03:00 CEST → 02:00 CET, 01:00 UTC).

describe('the Paris day of an instant', () => {
  it('turns at Paris midnight, 23:00 UTC in winter and 22:00 UTC in summer', () => {
    expect(parisDay(at('2026-01-15T22:59:59Z'))).toBe('2026-01-15');
    expect(parisDay(at('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
    expect(parisDay(at('2026-07-15T21:59:59Z'))).toBe('2026-07-15');
    expect(parisDay(at('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
    expect(parisDay(at('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
  });

  it('turns at the right UTC instant on both days the clocks change', () => {
    expect(parisDay(at('2026-03-28T22:59:00Z'))).toBe('2026-03-28');
    expect(parisDay(at('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(parisDay(at('2026-03-29T21:59:00Z'))).toBe('2026-03-29');
    expect(parisDay(at('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(parisDay(at('2026-10-24T21:59:00Z'))).toBe('2026-10-24');
    expect(parisDay(at('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(parisDay(at('2026-10-25T22:59:00Z'))).toBe('2026-10-25');
    expect(parisDay(at('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('reads the wall clock field by field, with day and minutes together', () => {
    expect(parisLocalTime(at('2026-07-01T19:05:07Z'))).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 21,
      minute: 5,
      second: 7,
    });
    expect(parisWallClock(at('2026-01-10T23:49:00Z'))).toEqual({ date: '2026-01-11', minutes: 49 });
  });
});

describe('the minute of the Paris day', () => {
  it('counts from Paris midnight, 0 to 1439', () => {
    expect(parisMinuteOfDay(at('2026-01-15T23:00:00Z'))).toBe(0);
    expect(parisMinuteOfDay(at('2026-01-15T22:59:00Z'))).toBe(1439);
  });

  it('jumps an hour forward in March and back in October', () => {
    expect(parisMinuteOfDay(at('2026-03-29T00:59:00Z'))).toBe(1 * 60 + 59);
    expect(parisMinuteOfDay(at('2026-03-29T01:00:00Z'))).toBe(3 * 60);
    expect(parisMinuteOfDay(at('2026-10-25T00:59:00Z'))).toBe(2 * 60 + 59);
    expect(parisMinuteOfDay(at('2026-10-25T01:00:00Z'))).toBe(2 * 60);
  });
});

describe('the accounting batch', () => {
  it('is the window 21:00 (inclusive) to 21:50 (exclusive) Paris time', () => {
    expect(accountingBatch).toEqual({ startMinute: 21 * 60, endMinute: 21 * 60 + 50 });
  });

  it('runs at 21:00 and 21:49 but not at 20:59 or 21:50, in winter and in summer', () => {
    expect(isAccountingBatchRunning(at('2026-01-15T19:59:00Z'))).toBe(false);
    expect(isAccountingBatchRunning(at('2026-01-15T20:00:00Z'))).toBe(true);
    expect(isAccountingBatchRunning(at('2026-01-15T20:49:00Z'))).toBe(true);
    expect(isAccountingBatchRunning(at('2026-01-15T20:49:59Z'))).toBe(true);
    expect(isAccountingBatchRunning(at('2026-01-15T20:50:00Z'))).toBe(false);
    expect(isAccountingBatchRunning(at('2026-07-15T18:59:00Z'))).toBe(false);
    expect(isAccountingBatchRunning(at('2026-07-15T19:00:00Z'))).toBe(true);
    expect(isAccountingBatchRunning(at('2026-07-15T19:49:00Z'))).toBe(true);
    expect(isAccountingBatchRunning(at('2026-07-15T19:50:00Z'))).toBe(false);
  });

  it('follows the clock change on the days it happens', () => {
    // 29 March is already summer time by the evening; 25 October already winter time.
    expect(isAccountingBatchRunning(at('2026-03-29T19:00:00Z'))).toBe(true);
    expect(isAccountingBatchRunning(at('2026-03-29T20:00:00Z'))).toBe(false);
    expect(isAccountingBatchRunning(at('2026-10-25T19:00:00Z'))).toBe(false);
    expect(isAccountingBatchRunning(at('2026-10-25T20:00:00Z'))).toBe(true);
  });

  it('starts at 21:00 Paris on the given day, whatever the offset', () => {
    expect(accountingBatchStart('2026-01-15').toISOString()).toBe('2026-01-15T20:00:00.000Z');
    expect(accountingBatchStart('2026-03-28').toISOString()).toBe('2026-03-28T20:00:00.000Z');
    expect(accountingBatchStart('2026-03-29').toISOString()).toBe('2026-03-29T19:00:00.000Z');
    expect(accountingBatchStart('2026-10-25').toISOString()).toBe('2026-10-25T20:00:00.000Z');
  });
});

describe('the instant of a Paris wall-clock time', () => {
  it('finds Paris midnight in UTC on both sides of each clock change', () => {
    expect(parisInstant('2026-01-16', 0, 0).toISOString()).toBe('2026-01-15T23:00:00.000Z');
    expect(parisInstant('2026-03-30', 0, 0).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(parisInstant('2026-10-26', 0, 0).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(parisInstant('2026-07-15', 21, 50).toISOString()).toBe('2026-07-15T19:50:00.000Z');
  });
});

describe('calendar-day arithmetic', () => {
  it('accepts real YYYY-MM-DD dates only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    expect(isCalendarDate('2025-1-01')).toBe(false);
    expect(isCalendarDate('2025-01-01T00:00:00Z')).toBe(false);
  });

  it('moves by whole days across month ends, leap days and clock changes', () => {
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-01-15', -90)).toBe('2025-10-17');
  });

  it('counts days between two dates, negative when the second is earlier', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31);
    expect(daysBetween('2026-10-01', '2026-11-01')).toBe(31);
    expect(daysBetween('2026-04-01', '2026-03-31')).toBe(-1);
  });

  it('adds months clamping to the end of shorter months', () => {
    expect(addMonths('2022-05-31', 3)).toBe('2022-08-31');
    expect(addMonths('2023-11-30', 3)).toBe('2024-02-29');
    expect(addMonths('2024-12-15', 1)).toBe('2025-01-15');
    expect(addMonths('2025-01-31', -2)).toBe('2024-11-30');
  });

  it('finds the first and last day of a month', () => {
    expect(startOfMonth('2026-02-17')).toBe('2026-02-01');
    expect(endOfMonth('2024-02-10')).toBe('2024-02-29');
    expect(endOfMonth('2026-12-01')).toBe('2026-12-31');
  });
});
