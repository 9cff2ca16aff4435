import { describe, expect, it } from 'vitest';
import {
  isAccountingBatchRunning,
  parisCalendarDay,
  parisInstant,
} from '../../../../reference-aspsp/clock/paris-time.ts';

describe('Paris time', () => {
  it('counts calendar days in Paris, not UTC', () => {
    expect(parisCalendarDay(new Date('2026-01-15T23:30:00Z'))).toBe('2026-01-16');
    expect(parisCalendarDay(new Date('2026-07-15T21:59:00Z'))).toBe('2026-07-15');
    expect(parisCalendarDay(new Date('2026-07-15T22:00:00Z'))).toBe('2026-07-16');
  });

  it('runs the accounting batch from 21:00 to 21:50 Paris time, summer and winter', () => {
    expect(isAccountingBatchRunning(new Date('2026-01-15T19:59:59Z'))).toBe(false);
    expect(isAccountingBatchRunning(new Date('2026-01-15T20:00:00Z'))).toBe(true);
    expect(isAccountingBatchRunning(new Date('2026-01-15T20:49:59Z'))).toBe(true);
    expect(isAccountingBatchRunning(new Date('2026-01-15T20:50:00Z'))).toBe(false);
    expect(isAccountingBatchRunning(new Date('2026-07-15T19:10:00Z'))).toBe(true);
  });

  it('turns Paris wall-clock time into the instant', () => {
    expect(parisInstant('2026-01-15', 21, 50).toISOString()).toBe('2026-01-15T20:50:00.000Z');
    expect(parisInstant('2026-07-15', 21, 50).toISOString()).toBe('2026-07-15T19:50:00.000Z');
  });
});
