/**
 * The version calendar a target is held to and the day its clock is on: what the `calendar` step of
 * a case judges the case's version against (`run --calendar FILE --at DATE`).
 */
import { parisDay, versionCalendar, type VersionCalendar } from '../../spec/lib/index.ts';
/** A deployment's calendar on one Europe/Paris day. */
export interface TargetCalendar {
  /** `spec/versions.yaml` with the deployment's overrides (its announced live dates). */
  calendar: VersionCalendar;
  /** `YYYY-MM-DD`, the Paris day the target's clock is on. */
  day: string;
}

/**
 * The calendar of a run: the given one (default: the spec's, which announces nothing, so every
 * version must be served) on the given day (default: this machine's Paris day at the start of the run).
 */
export function targetCalendar(options: { calendar?: VersionCalendar; day?: string } = {}): TargetCalendar {
  return { calendar: options.calendar ?? versionCalendar(), day: options.day ?? parisDay(new Date()) };
}
