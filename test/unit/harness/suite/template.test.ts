import { describe, expect, it } from 'vitest';
import { lookup } from '../../../../harness/runner/case-context.ts';
import { isBuiltinRef, parseDateRef, templateRefs } from '../../../../harness/suite/template.ts';

/** A case scope whose clock is `at` (the offset from this machine's clock). */
function scopeAt(at: string): { vars: Map<string, unknown>; clockOffsetMs: number } {
  return { vars: new Map(), clockOffsetMs: Date.parse(at) - Date.now() };
}

describe('date templates', () => {
  it('reads a day offset with or without a Paris time', () => {
    expect(parseDateRef('today')).toEqual({ offsetDays: 0, parisTime: undefined });
    expect(parseDateRef('today-30d')).toEqual({ offsetDays: -30, parisTime: undefined });
    expect(parseDateRef('today+1d@21:50')).toEqual({ offsetDays: 1, parisTime: { hour: 21, minute: 50 } });
    expect(parseDateRef('today@00:00')).toEqual({ offsetDays: 0, parisTime: { hour: 0, minute: 0 } });
  });

  it('refuses a time that is not a minute of a day, or another form', () => {
    for (const bad of [
      'today@24:00',
      'today@21:60',
      'today@9:50',
      'today@21:5',
      'yesterday@21:00',
      'today+1@21:00',
    ])
      expect(parseDateRef(bad), bad).toBeUndefined();
    expect(isBuiltinRef('today@25:00')).toBe(false);
  });

  it('finds a dated time reference inside a template', () => {
    expect(templateRefs("at '{{today+1d@21:49}}' and {{today}}")).toEqual(['today+1d@21:49', 'today']);
  });

  it('gives the UTC instant of that Paris minute on the PSU day, in winter and in summer', () => {
    // Winter: Paris is UTC+1; summer: UTC+2. The PSU's day is the Paris day of its clock.
    expect(lookup(scopeAt('2030-01-15T10:00:00Z'), 'today@21:49')).toBe('2030-01-15T20:49:00.000Z');
    expect(lookup(scopeAt('2030-01-15T10:00:00Z'), 'today+1d@21:50')).toBe('2030-01-16T20:50:00.000Z');
    expect(lookup(scopeAt('2030-07-15T10:00:00Z'), 'today@21:00')).toBe('2030-07-15T19:00:00.000Z');
    // 23:30 UTC on 15 January is already the 16th in Paris.
    expect(lookup(scopeAt('2030-01-15T23:30:00Z'), 'today@08:00')).toBe('2030-01-16T07:00:00.000Z');
    expect(lookup(scopeAt('2030-01-15T10:00:00Z'), 'today')).toBe('2030-01-15');
  });
});
