/**
 * Runs a `calendar` step: the probe of `stet-harness versions` for the case's version at the case's
 * institution, judged by the same verdict against the calendar the target is held to on its day
 * (seed: Versioning — version N is gone T0 + 3 months after N+1 went live, and served until then).
 */
import { CodedError } from '../../../lib/coded-error.ts';
import { versionStatus } from '../../../spec/lib/index.ts';
import type { CaseContext } from '../case-context.ts';
import { judgeVersion } from '../../versions/judge-version.ts';
import type { TargetCalendar } from '../../versions/target-calendar.ts';
import { probeVersion } from '../../versions/version-probe.ts';
import { outcomeOf, type StepRun } from './step-run.ts';

/**
 * `ERR_VERSION_UNCLEAR`: the probe's answer tells neither served nor gone (a 5xx, a 400, a host
 * refusal). `ERR_VERSION_NOT_LIVE`: the version is not live yet on the day, which applicability
 * reports before the case runs.
 */
export class CalendarStepError extends CodedError<'ERR_VERSION_UNCLEAR' | 'ERR_VERSION_NOT_LIVE'> {}

/** Probes the case's version and judges it on `setting.day`. */
export async function runCalendarStep(ctx: CaseContext, setting: TargetCalendar): Promise<StepRun> {
  const { day } = setting;
  const expected = versionStatus(setting.calendar, ctx.version, day);
  const probe = await probeVersion({
    client: ctx.client,
    target: ctx.target,
    institution: ctx.institution,
    version: ctx.version,
  });
  const verdict = judgeVersion(
    expected,
    { state: probe.observed, status: probe.status, code: probe.code },
    day,
  );
  const run: StepRun = { outcome: outcomeOf(probe.exchange), exchanges: [probe.exchange] };
  switch (verdict.status) {
    case 'passed':
      return run;
    case 'failed':
      return {
        ...run,
        failure: { message: verdict.message, expected: verdict.expected, actual: verdict.actual },
      };
    case 'errored':
      throw new CalendarStepError('ERR_VERSION_UNCLEAR', verdict.message, {
        hint: 'a probe answers 2xx, 401 or 403 when the version is served, 404 or 410 when it is gone',
      });
    case 'not-applicable':
      throw new CalendarStepError('ERR_VERSION_NOT_LIVE', verdict.message, {
        hint: 'applicability reports a version not live on the day before the case runs',
      });
  }
}
