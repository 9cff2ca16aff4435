/**
 * Runs a `calendar: former-host` step: the version probe of `stet-harness versions` sent to the
 * institution's former live host form (spec/versions.yaml `hosts`, form `former-live`) and judged on
 * the target's day (seed: Addresses, "The former live host form is withdrawn from 2025-09-28"):
 * served before that day, refused from it. How it is refused (the reference's 410 HOST_WITHDRAWN) is
 * ours, checked by a request step judged by its choices (suites/transport: former-host-form-withdrawn).
 */
import { hostName } from '../../../spec/lib/index.ts';
import type { CaseContext } from '../case-context.ts';
import { observedState, probeVersion } from '../../versions/version-probe.ts';
import type { TargetCalendar } from '../../versions/target-calendar.ts';
import { outcomeOf, type StepRun } from './step-run.ts';

/** What the former host form must answer on `day`, and whether `status`/`code` is that. */
export function judgeFormerHost(
  day: string,
  withdrawnFrom: string | null,
  answer: { status: number; code: string | undefined },
): { expected: string; met: boolean } {
  if (withdrawnFrom !== null && day >= withdrawnFrom)
    return {
      expected: `refused (withdrawn from ${withdrawnFrom}): not 2xx, 401 or 403`,
      met: answer.status >= 400 && observedState(answer.status, answer.code) !== 'served',
    };
  return {
    expected: `served on ${day} (withdrawn from ${withdrawnFrom ?? 'no date'}): 2xx, 401 or 403`,
    met: observedState(answer.status, answer.code) === 'served',
  };
}

/** Probes the case's version on the former live host of the case's institution, judged on `setting.day`. */
export async function runFormerHostStep(ctx: CaseContext, setting: TargetCalendar): Promise<StepRun> {
  const former = setting.calendar.hosts.find((h) => h.form === 'former-live');
  const probe = await probeVersion({
    client: ctx.client,
    target: ctx.target,
    institution: ctx.institution,
    version: ctx.version,
    host: hostName(setting.calendar, 'former-live', ctx.institution.code),
  });
  const verdict = judgeFormerHost(setting.day, former?.withdrawnFrom ?? null, probe);
  const run: StepRun = { outcome: outcomeOf(probe.exchange), exchanges: [probe.exchange] };
  if (verdict.met) return run;
  const actual = `${probe.status}${probe.code === undefined ? '' : ` ${probe.code}`}`;
  return {
    ...run,
    failure: {
      message: `the former live host form answers ${actual} on ${setting.day}`,
      expected: verdict.expected,
      actual,
    },
  };
}
