/**
 * The deprecation calendar check of `stet-harness versions`, run by the selftest for faults whose
 * `killedBy` is `versions`: date-driven rules no suite case can see. The reference is started with a
 * calendar that decommissions the oldest version and its clock past that date, so a version still
 * served shows.
 */
import { parseServeInfo, targetFromServeInfo } from '../../harness/index.ts';
import type { RunReport, ToolInfo } from '../../harness/report/model.ts';
import { checkVersions } from '../../harness/versions/check-versions.ts';
import { parisDay } from '../../spec/lib/index.ts';
import { startReference } from '../../reference-aspsp/index.ts';
import {
  apiVersions,
  applyCalendarOverrides,
  versionCalendar,
  type CalendarOverrides,
} from '../../spec/lib/index.ts';

// The successor of the oldest version: its live date is the oldest version's T0.
const successor = apiVersions[1];
if (successor === undefined)
  throw new Error('spec/versions.yaml lists a single version: nothing to decommission');

/** The oldest version is decommissioned: its successor went live on 2025-06-01 (T0), so from 2025-09-01. */
export const selftestCalendar: CalendarOverrides = { [successor]: '2025-06-01' };

/**
 * The reference's clock: the day after the oldest version's decommission date, mid-day in Paris, and
 * before the former live host form's withdrawal (2025-09-28), which it still serves that day.
 */
export const selftestClock = new Date('2025-09-02T10:00:00Z');

/** Runs the calendar check against a reference started with `faults` (none for the clean run). */
export async function runVersionsCheck(options: {
  pkiDir: string;
  faults: readonly string[];
  tool: ToolInfo;
}): Promise<RunReport> {
  const reference = await startReference({
    port: 0,
    store: { kind: 'memory' },
    pkiDir: options.pkiDir,
    mode: 'sandbox',
    calendar: selftestCalendar,
    clock: selftestClock,
    faults: options.faults,
    log: () => undefined,
  });
  try {
    const name =
      options.faults.length === 0 ? 'clean reference' : `reference --fault ${options.faults.join(',')}`;
    return await checkVersions({
      target: targetFromServeInfo(parseServeInfo(reference.info), { name }),
      calendar: applyCalendarOverrides(versionCalendar(), selftestCalendar),
      day: parisDay(selftestClock),
      tool: options.tool,
    });
  } finally {
    await reference.close();
  }
}
