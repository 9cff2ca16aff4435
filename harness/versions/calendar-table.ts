/**
 * The calendar as a text table for the console: each version, its live date, T0 (its successor's
 * live date), its decommission date, the days left and its state on the day.
 */
import { versionStatus } from '../../spec/lib/index.ts';
import type { VersionCalendar } from '../../spec/lib/index.ts';

/** The calendar on `day` (`YYYY-MM-DD`), one line per version, ending with a newline. */
export function formatCalendar(calendar: VersionCalendar, day: string): string {
  const header = [
    'version',
    'stet',
    'live',
    'T0 (successor live)',
    'decommission',
    'days left',
    `state on ${day}`,
  ];
  const rows = calendar.versions.map((info) => {
    const status = versionStatus(calendar, info.id, day);
    const source = info.liveDate === null ? '' : ` (${info.liveDateSource})`;
    const daysLeft = status.daysLeft === null ? '-' : status.daysLeft <= 0 ? 'gone' : String(status.daysLeft);
    return [
      info.id,
      info.stet,
      `${info.liveDate ?? 'not announced'}${source}`,
      status.t0 ?? '-',
      status.decommissionDate ?? '-',
      daysLeft,
      status.state,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const notice = calendar.deprecation.noticeMonths;
  return [
    `Version calendar (version N is gone from sandbox and live T0 + ${notice} months after N+1 went live)`,
    line(header),
    ...rows.map(line),
    '',
  ].join('\n');
}
