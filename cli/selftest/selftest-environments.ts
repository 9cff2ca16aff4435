/**
 * How the selftest sets a reference up for a group of cases. Most cases run against a reference in
 * sandbox mode; cases with a calendar step against one whose calendar decommissions v1 and whose clock
 * is past that date (so a version still served shows); cases needing a live host against one in live
 * mode; cases needing an institution that checks signature freshness against one where 10101 does.
 * Each group runs clean and under every fault of its rules, and is compared cell by cell.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
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
import { defaultInstitutionsFile } from '../../reference-aspsp/institutions/load-institutions.ts';
import { isRecord } from '../../reference-aspsp/lib/is-record.ts';
import { applyCalendarOverrides, versionCalendar } from '../../spec/lib/index.ts';
import { liveReferenceTarget } from './live-target.ts';
import type { SmsInbox } from './sms-inbox.ts';
import { selftestCalendar, selftestClock } from './versions-check-run.ts';

/** The name of a set-up. */
export type SelftestEnvironmentName = 'sandbox' | 'calendar' | 'live' | 'freshness';

/** A reference set-up and how the harness sees the reference so set up. */
export interface SelftestEnvironment {
  name: SelftestEnvironmentName;
  /** What the reference starts with, beside the port, store, PKI and faults. */
  reference: Pick<ReferenceAppOptions, 'mode' | 'calendar' | 'clock'>;
  /**
   * Writes an institutions file into `dir` for the reference to start with instead of the shipped
   * one, and returns its path; undefined: the shipped institutions.
   */
  institutionsFile?: (dir: string) => Promise<string>;
  /** The calendar and day the harness holds the reference to (calendar steps); undefined: the run's default. */
  calendar: TargetCalendar | undefined;
  /**
   * The target of a reference so started, from its start line; `phones` is the inbox the reference's
   * log went to (a live reference sends its one-time codes there).
   */
  target(info: unknown, name: string, phones?: SmsInbox): Target;
}

const sandboxTarget = (info: unknown, name: string): Target =>
  targetFromServeInfo(parseServeInfo(info), { name });

/** The institution option of the `freshness` set-up (rules TRN-SIGNATURE-FRESH, TRN-SIGNATURE-NO-REPLAY). */
export const selftestFreshness = { institution: '10101', windowSeconds: 60, replayCache: true } as const;

/**
 * The other institution option of the `freshness` set-up: a policy that does not sign `digest`
 * (rule TRN-DIGEST-UNSIGNED-POLICY), laxer than the seed's list, as a deployment may configure it.
 */
export const selftestDigestUnsigned = {
  institution: '20202',
  signatureHeaders: ['(request-target)'],
} as const;

/**
 * The shipped institutions with {@link selftestFreshness} and {@link selftestDigestUnsigned} on,
 * written to `dir`.
 */
export async function writeFreshnessInstitutions(dir: string): Promise<string> {
  const document: unknown = parse(await readFile(defaultInstitutionsFile, 'utf8'));
  const list = isRecord(document) && Array.isArray(document.institutions) ? document.institutions : [];
  const { institution, windowSeconds, replayCache } = selftestFreshness;
  const changed = list.map((item: unknown) => {
    if (!isRecord(item)) return item;
    if (item.code === institution) return { ...item, signatureFreshness: { windowSeconds, replayCache } };
    if (item.code === selftestDigestUnsigned.institution)
      return { ...item, signatureHeaders: [...selftestDigestUnsigned.signatureHeaders] };
    return item;
  });
  const file = join(dir, 'institutions-signature-freshness.yaml');
  await writeFile(file, stringify({ institutions: changed }), 'utf8');
  return file;
}

/**
 * The target of the `freshness` set-up: the reference as its start line describes it, with the
 * window of {@link selftestFreshness} and the policy of {@link selftestDigestUnsigned} declared from
 * the set-up itself, not from what the reference says of itself, so a reference that loses an option
 * from its institutions file is caught by the cases rather than making them not applicable.
 */
function freshnessTarget(info: unknown, name: string): Target {
  const target = sandboxTarget(info, name);
  const { institution, windowSeconds, replayCache } = selftestFreshness;
  return {
    ...target,
    institutions: target.institutions.map((i) => {
      if (i.code === institution) return { ...i, signatureFreshness: { windowSeconds, replayCache } };
      if (i.code === selftestDigestUnsigned.institution)
        return { ...i, signatureHeaders: [...selftestDigestUnsigned.signatureHeaders] };
      return i;
    }),
  };
}

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
  {
    name: 'freshness',
    reference: { mode: 'sandbox' },
    institutionsFile: writeFreshnessInstitutions,
    calendar: undefined,
    target: freshnessTarget,
  },
];

/**
 * The set-up a case needs: `live` when it needs a live host, `calendar` with a calendar step,
 * `freshness` when it needs an institution checking signature freshness or one whose policy does not
 * sign digest.
 */
export function environmentOf(definition: CaseDefinition): SelftestEnvironmentName {
  const { needs, features } = definition.given;
  if (needs.includes('live')) return 'live';
  if (caseUsesStep(definition, 'calendar')) return 'calendar';
  if (
    features.signatureFreshness === true ||
    features.signatureReplayCache === true ||
    features.digestSigned === false
  )
    return 'freshness';
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
