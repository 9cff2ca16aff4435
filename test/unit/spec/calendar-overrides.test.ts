import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyCalendarOverrides,
  CalendarError,
  decommissionDate,
  loadVersionCalendar,
  parseCalendarOverrides,
  readCalendarOverrides,
  versionCalendar,
} from '../../../spec/lib/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'calendar-overrides-'));
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text, 'utf8');
  return path;
}

/** The CalendarError `fn` throws, as `code: message` for one assertion on both. */
function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof CalendarError) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'nothing thrown';
}

describe('calendar overrides', () => {
  it('reads the live dates of a YAML file, unquoted dates and null included', () => {
    const path = file('ok.yaml', '# our gateway\nv1.4.2: 2026-01-01\nv1.6.2: null\n');
    expect(readCalendarOverrides(path)).toEqual({ 'v1.4.2': '2026-01-01', 'v1.6.2': null });
  });

  it('applies them over the defaults, marking the dates as the deployment’s', () => {
    const calendar = loadVersionCalendar(file('apply.yaml', "v1.4.2: '2026-01-01'\n"));
    expect(calendar.versions.map((v) => [v.id, v.liveDate, v.liveDateSource])).toEqual([
      ['v1', null, 'default'],
      ['v1.4.2', '2026-01-01', 'deployment'],
      ['v1.6.2', null, 'default'],
    ]);
    expect(decommissionDate(calendar, 'v1')).toBe('2026-04-01');
    expect(versionCalendar().versions[1]?.liveDate).toBeNull();
  });

  it('refuses an unknown version, naming it and the known ones', () => {
    expect(refusal(() => parseCalendarOverrides({ 'v1.5': '2026-01-01' }, 'c.yaml'))).toBe(
      'ERR_CALENDAR_INVALID: c.yaml: unknown version "v1.5" (known: v1, v1.4.2, v1.6.2)',
    );
    expect(refusal(() => parseCalendarOverrides({ v9: 'soon' }, 'c.yaml'))).toBe(
      'ERR_CALENDAR_INVALID: c.yaml: unknown version "v9" (known: v1, v1.4.2, v1.6.2)',
    );
  });

  it('refuses a date that is not a calendar day', () => {
    expect(refusal(() => parseCalendarOverrides({ 'v1.4.2': '2026-02-30' }, 'c.yaml'))).toBe(
      'ERR_CALENDAR_INVALID: c.yaml: v1.4.2 must be a calendar date YYYY-MM-DD or null, got "2026-02-30"',
    );
    expect(refusal(() => parseCalendarOverrides({ v1: '2026-01-01T00:00:00Z' }, 'c.yaml'))).toMatch(
      /^ERR_CALENDAR_INVALID: c\.yaml: v1 must be a calendar date/,
    );
    expect(refusal(() => parseCalendarOverrides({ v1: 20260101 }, 'c.yaml'))).toMatch(/got 20260101$/);
  });

  it('refuses an empty file, a list and a document naming no version', () => {
    expect(refusal(() => readCalendarOverrides(file('empty.yaml', '')))).toMatch(
      /^ERR_CALENDAR_INVALID: .*empty\.yaml: must be a mapping of versions to live dates$/,
    );
    expect(refusal(() => parseCalendarOverrides(['v1'], 'c.yaml'))).toBe(
      'ERR_CALENDAR_INVALID: c.yaml: must be a mapping of versions to live dates',
    );
    expect(refusal(() => parseCalendarOverrides({}, 'c.yaml'))).toBe(
      'ERR_CALENDAR_INVALID: c.yaml: names no version',
    );
  });

  it('refuses a file that is not YAML, and one that cannot be read', () => {
    expect(refusal(() => readCalendarOverrides(file('bad.yaml', 'v1: [2026-01-01\n')))).toMatch(
      /^ERR_CALENDAR_INVALID: .*bad\.yaml: not YAML/,
    );
    expect(refusal(() => readCalendarOverrides(join(dir, 'missing.yaml')))).toMatch(
      /^ERR_CALENDAR_UNREADABLE: cannot read the calendar file .*missing\.yaml$/,
    );
  });

  it('refuses a version going live before the one it replaces', () => {
    const overrides = { 'v1.4.2': '2026-01-01', 'v1.6.2': '2025-12-31' };
    expect(refusal(() => applyCalendarOverrides(versionCalendar(), overrides, 'c.yaml'))).toBe(
      'ERR_CALENDAR_INVALID: c.yaml: v1.6.2 goes live on 2025-12-31, before v1.4.2 (2026-01-01) which it replaces',
    );
  });
});
