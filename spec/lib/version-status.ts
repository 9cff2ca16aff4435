/**
 * Where a version stands in the deprecation calendar on a given day (seed: Versioning > Deprecation):
 * the one computation the reference (refuse a decommissioned version) and the harness (`versions`)
 * share, so both read the T0 + 3 months rule the same way.
 */
import { daysBetween } from './paris-calendar.ts';
import { decommissionDate } from './versions.ts';
import type { ApiVersion, VersionCalendar } from './versions.ts';

/**
 * A version's state on a day.
 *
 * - `upcoming`: its own live date is still ahead (the calendar says nothing about its presence yet);
 * - `served`: live, no successor live yet (or the successor's T0 is still ahead);
 * - `announced`: the successor went live (T0 ≤ day), so the decommissioning is announced, and the
 *   version is served until the day before its decommission date;
 * - `decommissioned`: on or after T0 + 3 months: gone from sandbox and live.
 */
export type VersionState = 'upcoming' | 'served' | 'announced' | 'decommissioned';

/** A version's place in the calendar on one day. */
export interface VersionStatus {
  version: ApiVersion;
  state: VersionState;
  /** The version's own live date, or null when not configured. */
  liveDate: string | null;
  /** T0: the day the successor went (or goes) live; null when not announced. */
  t0: string | null;
  /** First day the version is gone (T0 + notice months), or null. */
  decommissionDate: string | null;
  /** Calendar days from `day` to the decommission date (≤ 0 once gone), or null. */
  daysLeft: number | null;
}

/** The state of `version` on `day` (`YYYY-MM-DD`, a Europe/Paris calendar day). */
export function versionStatus(calendar: VersionCalendar, version: ApiVersion, day: string): VersionStatus {
  const index = calendar.versions.findIndex((v) => v.id === version);
  const liveDate = calendar.versions[index]?.liveDate ?? null;
  const t0 = calendar.versions[index + 1]?.liveDate ?? null;
  const gone = decommissionDate(calendar, version);
  const daysLeft = gone === null ? null : daysBetween(day, gone);
  const state: VersionState =
    gone !== null && day >= gone
      ? 'decommissioned'
      : t0 !== null && day >= t0
        ? 'announced'
        : liveDate !== null && day < liveDate
          ? 'upcoming'
          : 'served';
  return { version, state, liveDate, t0, decommissionDate: gone, daysLeft };
}

/** True when `version` must be refused on `day`: on or after its decommission date. */
export function isDecommissioned(calendar: VersionCalendar, version: ApiVersion, day: string): boolean {
  const gone = decommissionDate(calendar, version);
  return gone !== null && day >= gone;
}
