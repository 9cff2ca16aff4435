import { describe, expect, it } from 'vitest';
import {
  addMonths,
  decommissionDate,
  hostName,
  parseHostName,
  versionCalendar,
} from '../../../spec/lib/index.ts';
import { parseVersionCalendar } from '../../../spec/lib/versions.ts';

describe('version calendar', () => {
  it('decommissions version N three months after N+1 went live (T0 + 3 months)', () => {
    const calendar = versionCalendar();
    expect(calendar.deprecation.noticeMonths).toBe(3);
    expect(calendar.deprecation.environments).toEqual(['sandbox', 'live']);
    expect(decommissionDate(calendar, 'v1')).toBe(addMonths(calendar.versions[1]?.liveDate ?? '', 3));
  });

  it('gives no decommission date to the newest version or when the successor is not live', () => {
    const calendar = versionCalendar();
    expect(decommissionDate(calendar, 'v1.6.2')).toBeNull();
    const notLive = { ...calendar, versions: calendar.versions.map((v) => ({ ...v, liveDate: null })) };
    expect(decommissionDate(notLive, 'v1')).toBeNull();
  });

  it('adds months clamping to the end of shorter months', () => {
    expect(addMonths('2022-05-31', 3)).toBe('2022-08-31');
    expect(addMonths('2023-11-30', 3)).toBe('2024-02-29');
    expect(addMonths('2024-12-15', 1)).toBe('2025-01-15');
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
