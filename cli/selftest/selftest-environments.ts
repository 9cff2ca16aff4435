/**
 * How the selftest sets a reference up for a group of cases. Most cases run against a reference in
 * sandbox mode; cases with a calendar step against one whose calendar decommissions v1 and whose clock
 * is past that date (so a version still served shows); cases needing a live host against one in live
 * mode. Each group runs clean and under every fault of its rules, and is compared cell by cell.
 */
import {
  caseUsesStep,
  parseServeInfo,
  targetCalendar,
  targetFromServeInfo,
  type CaseDefinition,
  type SuiteDefinition,
  type Target,
  type TargetCalendar,
} from '../../harness/index.ts';
import { parisDay } from '../../spec/lib/index.ts';
import type { ReferenceAppOptions } from '../../reference-aspsp/index.ts';
import { applyCalendarOverrides, versionCalendar } from '../../spec/lib/index.ts';
import { liveReferenceTarget } from './live-target.ts';
import { selftestCalendar, selftestClock } from './versions-check-run.ts';

/** The name of a set-up. */
export type SelftestEnvironmentName = 'sandbox' | 'calendar' | 'live';

/** A reference set-up and how the harness sees the reference so set up. */
export interface SelftestEnvironment {
  name: SelftestEnvironmentName;
  /** What the reference starts with, beside the port, store, PKI and faults. */
  reference: Pick<ReferenceAppOptions, 'mode' | 'calendar' | 'clock'>;
  /** The calendar and day the harness holds the reference to (calendar steps); undefined: the run's default. */
  calendar: TargetCalendar | undefined;
  /** The target of a reference so started, from its start line. */
  target(info: unknown, name: string): Target;
}

const sandboxTarget = (info: unknown, name: string): Target =>
  targetFromServeInfo(parseServeInfo(info), { name });

/** Every set-up, in the order the selftest runs them. */
export const selftestEnvironments: readonly SelftestEnvironment[] = [
  { name: 'sandbox', reference: { mode: 'sandbox' }, calendar: undefined, target: sandboxTarget },
  {
    name: 'calendar',
    reference: { mode: 'sandbox', calendar: selftestCalendar, clock: selftestClock },
    calendar: targetCalendar({
      calendar: applyCalendarOverrides(versionCalendar(), selftestCalendar),
      day: parisDay(selftestClock),
    }),
    target: sandboxTarget,
  },
  { name: 'live', reference: { mode: 'live' }, calendar: undefined, target: liveReferenceTarget },
];

/** The set-up a case needs: `live` when it needs a live host, `calendar` with a calendar step. */
export function environmentOf(definition: CaseDefinition): SelftestEnvironmentName {
  if (definition.given.needs.includes('live')) return 'live';
  if (caseUsesStep(definition, 'calendar')) return 'calendar';
  return 'sandbox';
}

/** The suites with only the cases of one set-up; suites left without a case are dropped. */
export function suitesFor(
  suites: readonly SuiteDefinition[],
  environment: SelftestEnvironmentName,
): SuiteDefinition[] {
  return suites
    .map((suite) => ({ ...suite, cases: suite.cases.filter((c) => environmentOf(c) === environment) }))
    .filter((suite) => suite.cases.length > 0);
}
