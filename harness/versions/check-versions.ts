/**
 * The deprecation calendar check against a target (`stet-harness versions`): for each institution ×
 * version of the target, the state the calendar expects on the day against the state a probe observes,
 * as a {@link RunReport} for the usual reporters.
 */
import { getRule, versionStatus } from '../../spec/lib/index.ts';
import type { ApiVersion, VersionCalendar, VersionState } from '../../spec/lib/index.ts';
import { ClientError } from '../client/client-errors.ts';
import { StetClient } from '../client/stet-client.ts';
import { curlCommand } from '../report/curl.ts';
import { matrixOf, summarize } from '../report/model.ts';
import type {
  CaseRef,
  CaseResult,
  Reporter,
  RuleRef,
  RunReport,
  StepResult,
  ToolInfo,
} from '../report/model.ts';
import { redactCaseResult } from '../report/redact.ts';
import { SecretSet } from '../report/secret-set.ts';
import type { InstitutionTarget, Target } from '../targets/target-definition.ts';
import { judgeVersion, type VersionVerdict } from './judge-version.ts';
import { probePath, probeVersion } from './version-probe.ts';

/** Suite name of the results, so reports group them apart from `run`'s suites. */
export const versionsSuite = 'versions';

/**
 * Rules a result checks, by the expected state: a version must be present until its decommission date
 * (the three months' notice), and gone from it; an upcoming version is not judged.
 */
const rulesByState: Readonly<Record<VersionState, readonly string[]>> = {
  upcoming: ['VER-PRESENT'],
  served: ['VER-PRESENT', 'VER-DECOMMISSION-T0-3M'],
  announced: ['VER-PRESENT', 'VER-DECOMMISSION-T0-3M'],
  decommissioned: ['VER-DECOMMISSION-T0-3M'],
};

/** Options of {@link checkVersions}. */
export interface CheckVersionsOptions {
  target: Target;
  /** The calendar the target is held to (defaults plus the deployment's overrides). */
  calendar: VersionCalendar;
  /** The Europe/Paris day the calendar is judged on (`YYYY-MM-DD`): the target's date. */
  day: string;
  tool: ToolInfo;
  reporter?: Reporter;
  /** Secrets to hide from the results; the client adds the TPP private keys. */
  secrets?: SecretSet;
}

/** Probes every institution × version of the target and judges it; the report's results are redacted. */
export async function checkVersions(options: CheckVersionsOptions): Promise<RunReport> {
  const { target, calendar, day, tool, reporter } = options;
  const secrets = options.secrets ?? new SecretSet();
  const client = new StetClient(target, secrets);
  const startedAt = new Date().toISOString();
  const targetInfo = { name: target.name, baseUrl: target.baseUrl };
  reporter?.onRunStart?.({
    tool,
    target: targetInfo,
    matrix: { versions: [...target.versions], institutions: target.institutions.map((i) => i.code) },
    total: target.versions.length * target.institutions.length,
    startedAt,
  });
  const results: CaseResult[] = [];
  try {
    for (const institution of target.institutions) {
      for (const version of target.versions) {
        const ref: CaseRef = {
          suite: versionsSuite,
          case: 'deprecation-calendar',
          title: `${version} follows the deprecation calendar on ${day}`,
          version,
          institution: institution.code,
        };
        reporter?.onCaseStart?.(ref);
        const result = redactCaseResult(
          await checkOne({ client, target, institution, version, calendar, day, ref }),
          secrets,
        );
        results.push(result);
        reporter?.onCaseEnd?.(result);
      }
    }
  } finally {
    await client.close();
  }
  const report: RunReport = {
    tool,
    target: targetInfo,
    startedAt,
    finishedAt: new Date().toISOString(),
    matrix: matrixOf(results),
    summary: summarize(results),
    results,
  };
  await reporter?.onRunEnd(report);
  return report;
}

async function checkOne(options: {
  client: StetClient;
  target: Target;
  institution: InstitutionTarget;
  version: ApiVersion;
  calendar: VersionCalendar;
  day: string;
  ref: CaseRef;
}): Promise<CaseResult> {
  const { ref, version, day } = options;
  const expected = versionStatus(options.calendar, version, day);
  const rules = rulesByState[expected.state].map(ruleRef);
  const started = performance.now();
  const name = `GET ${probePath(version)}`;
  let verdict: VersionVerdict;
  let step: StepResult;
  try {
    const probe = await probeVersion(options);
    verdict = judgeVersion(expected, { state: probe.observed, status: probe.status, code: probe.code }, day);
    step = {
      name,
      kind: 'request',
      status: verdict.status,
      durationMs: probe.exchange.durationMs,
      message: verdict.message,
      transcript: [probe.exchange.entry],
      curl: curlCommand(probe.exchange.entry.request),
    };
  } catch (error) {
    // Unreachable or untrusted target: the harness could not do its job for this cell.
    if (!(error instanceof ClientError)) throw error;
    const message = `${error.code}: ${error.message} (${error.hint})`;
    verdict = { status: 'errored', message, expected: `${version} probed`, actual: 'no answer' };
    step = { name, kind: 'request', status: 'errored', durationMs: 0, message, transcript: [] };
  }
  const durationMs = performance.now() - started;
  const judged = verdict.status === 'passed' || verdict.status === 'not-applicable';
  return {
    ...ref,
    rules,
    status: verdict.status,
    durationMs,
    ...(verdict.status === 'not-applicable' ? { reason: verdict.message } : {}),
    ...(judged
      ? {}
      : {
          failure: { message: verdict.message, expected: verdict.expected, actual: verdict.actual, step: 0 },
        }),
    steps: [step],
    tags: [`calendar:${expected.state}`],
  };
}

function ruleRef(id: string): RuleRef {
  const rule = getRule(id);
  // The ids are constants of this file: a missing one is a bug, caught by the unit tests.
  if (rule === undefined) throw new Error(`rule ${id} is not in spec/rules.yaml`);
  return { id: rule.id, title: rule.title, section: rule.section };
}
