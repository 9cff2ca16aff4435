import { describe, expect, it } from 'vitest';
import { decommissionDate, hostName, parseHostName, versionCalendar } from '../../../spec/lib/index.ts';
import { parseVersionCalendar } from '../../../spec/lib/versions.ts';

describe('version calendar', () => {
  it('announces no version by default: the seed gives no version go-live date', () => {
    const calendar = versionCalendar();
    expect(calendar.deprecation.noticeMonths).toBe(3);
    expect(calendar.deprecation.environments).toEqual(['sandbox', 'live']);
    expect(calendar.versions.map((v) => [v.id, v.liveDate, v.liveDateSource])).toEqual([
      ['v1', null, 'default'],
      ['v1.4.2', null, 'default'],
      ['v1.6.2', null, 'default'],
    ]);
    for (const v of calendar.versions) expect(decommissionDate(calendar, v.id), v.id).toBeNull();
  });

  it('decommissions version N three months after N+1 went live (T0 + 3 months)', () => {
    const base = versionCalendar();
    const calendar = {
      ...base,
      versions: base.versions.map((v) => ({ ...v, liveDate: v.id === 'v1.4.2' ? '2026-01-01' : null })),
    };
    expect(decommissionDate(calendar, 'v1')).toBe('2026-04-01');
    expect(decommissionDate(calendar, 'v1.4.2')).toBeNull();
  });

  it('gives no decommission date to the newest version even when it is live', () => {
    const base = versionCalendar();
    const calendar = { ...base, versions: base.versions.map((v) => ({ ...v, liveDate: '2026-01-01' })) };
    expect(decommissionDate(calendar, 'v1.6.2')).toBeNull();
    expect(decommissionDate(calendar, 'v1.4.2')).toBe('2026-04-01');
  });

  it('keeps the seed feature go-live facts', () => {
    expect(versionCalendar().features.map((f) => `${f.name} ${f.version} ${f.liveDate}`)).toEqual([
      'fallback 1.0 2019-09-30',
      'funds-availability 1.0 2019-04-30',
      'funds-availability 1.4.2 2022-05-31',
    ]);
  });

  it('builds and parses the host forms, the former live form withdrawn from 2025-09-28', () => {
    const calendar = versionCalendar();
    expect(hostName(calendar, 'live', '10101')).toBe('api-10101.psd2.groupbank.example');
    expect(hostName(calendar, 'sandbox', '20202')).toBe('sandbox-20202.psd2.groupbank.example');
    const former = parseHostName(calendar, 'PSD2-30303.groupbank.example:443');
    expect(former).toMatchObject({
      code: '30303',
      form: { form: 'former-live', withdrawnFrom: '2025-09-28' },
    });
    expect(parseHostName(calendar, 'api-1010.psd2.groupbank.example')).toBeUndefined();
    expect(parseHostName(calendar, 'example.org')).toBeUndefined();
  });

  it('refuses a calendar whose versions are not the three API versions in order', () => {
    expect(() => parseVersionCalendar({ versions: [] }, 'c.yaml')).toThrow(
      expect.objectContaining({ code: 'ERR_SPEC_INVALID' }),
    );
  });
});
