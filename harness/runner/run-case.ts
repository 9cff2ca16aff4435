/**
 * Runs one cell of the matrix (a case at one version and institution): applicability, the PSU, the
 * `given` set-up, then each step with its expectations and captures. Produces a redacted
 * {@link CaseResult}; `failed` when the target broke an expectation, `errored` when the harness could
 * not do its job, `advisory` when only expectations of `choice` rules did not hold (the case goes on
 * after such a step, so a seed deviation behind it is still seen).
 */
import { isCodedError } from '../../lib/coded-error.ts';
import { getRule, versionProfile } from '../../spec/lib/index.ts';
import type { StetClient } from '../client/stet-client.ts';
import { ClientError } from '../client/client-errors.ts';
import type { JourneyDriver } from '../journeys/journey-driver.ts';
import { curlCommand } from '../report/curl.ts';
import {
  withoutTranscripts,
  type CaseResult,
  type HeaderMap,
  type Failure,
  type StepResult,
  type TranscriptPolicy,
} from '../report/model.ts';
import { redactCaseResult } from '../report/redact.ts';
import type { SecretSet } from '../report/secret-set.ts';
import type {
  CaseDefinition,
  StepDefinition,
  SuiteDefinition,
  SuiteVersion,
} from '../suite/suite-definition.ts';
import type { InstitutionTarget, Target } from '../targets/target-definition.ts';
import {
  fillDeep,
  fillText,
  signatureWindowVar,
  UnboundValueError,
  type CaseContext,
} from './case-context.ts';
import { setupSteps } from './case-setup.ts';
import { assertionRules, type Assertion } from '../suite/expectation-rules.ts';
import type { CheckFailure } from './check-value.ts';
import { evaluateExpectations, type SchemaLookup } from './expectations.ts';
import type { AnsweredOperation } from './expectation-basis.ts';
import { nearMissValues, tppValues } from './tpp-values.ts';
import { captureMiss, captureOrigin, captureValue } from './capture-value.ts';
import { foundCapture, missingCapture, noteMissingCapture } from './missing-captures.ts';
import type { StepOutcome } from './step-outcome.ts';
import type { TargetCalendar } from '../versions/target-calendar.ts';
import { runFormerHostStep } from './steps/former-host-step.ts';
import { runCalendarStep } from './steps/calendar-step.ts';
import { runJourneyStep } from './steps/journey-step.ts';
import { runRequestStep } from './steps/request-step.ts';
import { clonePsu, moveClock, runSandboxStep } from './steps/sandbox-step.ts';
import type { StepRun } from './steps/step-run.ts';
import { runTokenStep } from './steps/token-step.ts';
import { notApplicableReason } from './applicability.ts';
import { choiceOnly, ruleRef } from './rule-basis.ts';
import { statusConformance } from './status-conformance.ts';

/** One cell of the run matrix. */
export interface PlannedCase {
  suite: SuiteDefinition;
  definition: CaseDefinition;
  version: SuiteVersion;
  institution: InstitutionTarget;
}

/** What every case of a run shares. */
export interface CaseRuntime {
  target: Target;
  client: StetClient;
  secrets: SecretSet;
  journeys: (persona: string) => JourneyDriver;
  schemas: SchemaLookup;
  /** Which results keep their transcripts (see `RunOptions.transcripts`). */
  transcripts: TranscriptPolicy;
  /** The version calendar the target is held to, on its day (the `calendar` step). */
  calendar: TargetCalendar;
  /** Adds the time of one step and of its HTTP exchanges to the run's figures. */
  onStepTimed?: (stepMs: number, httpMs: number) => void;
}

/** Runs one planned case. Never throws: a harness problem becomes an `errored` result. */
export async function runCase(planned: PlannedCase, runtime: CaseRuntime): Promise<CaseResult> {
  const { suite, definition, version, institution } = planned;
  const started = performance.now();
  const base = {
    suite: suite.suite,
    case: definition.id,
    title: definition.title,
    version,
    institution: institution.code,
    rules: definition.rules.map(ruleRef),
    tags: definition.tags,
  };
  const reason = notApplicableReason({ definition, institution, version }, runtime);
  if (reason !== undefined) return { ...base, status: 'not-applicable', reason, durationMs: 0, steps: [] };
  const steps: StepResult[] = [];
  let failure: Failure | undefined;
  let advisory: Failure | undefined;
  let errored = false;
  try {
    const ctx = await createContext(planned, runtime, steps);
    const plan = [
      ...setupSteps(definition),
      ...definition.steps.map((step) => ({ step, prepare: undefined })),
    ];
    for (const { step, prepare } of plan) {
      prepare?.(ctx);
      const verdict = await runStep(ctx, runtime, step, steps).catch((error: unknown) =>
        missingValueVerdict(ctx, step, steps, error),
      );
      for (const id of verdict?.rules ?? [])
        if (!base.rules.some((rule) => rule.id === id)) base.rules.push(ruleRef(id));
      // The failure names the rules it was judged by, so reports group findings by them.
      const judged = verdict === undefined ? undefined : { ...verdict.failure, rules: verdict.rules };
      if (verdict?.advisory === true) advisory ??= judged;
      else if (judged !== undefined) {
        failure = judged;
        break;
      }
    }
  } catch (error) {
    errored = true;
    failure = { message: harnessMessage(error), step: steps.length };
  }
  const statuses =
    errored || failure !== undefined
      ? undefined
      : statusConformance(steps, version, { sandbox: institution.sandbox });
  if (statuses !== undefined) {
    // A status contrary to the seed (a failure) or one the OpenAPI document does not list (advisory):
    // a finding of its own, judged by its rules' basis.
    for (const id of statuses.rules)
      if (!base.rules.some((rule) => rule.id === id)) base.rules.push(ruleRef(id));
    const finding = { ...statuses.finding, rules: statuses.rules };
    if (statuses.advisory) advisory ??= finding;
    else failure = finding;
  }
  const shown = failure ?? advisory;
  const result: CaseResult = {
    ...base,
    status: errored
      ? 'errored'
      : failure !== undefined
        ? 'failed'
        : advisory !== undefined
          ? 'advisory'
          : 'passed',
    durationMs: performance.now() - started,
    steps,
    ...(shown === undefined ? {} : { failure: shown }),
  };
  return redactCaseResult(
    runtime.transcripts === 'all' || result.status !== 'passed' ? result : withoutTranscripts(result),
    runtime.secrets,
  );
}

async function createContext(
  planned: PlannedCase,
  runtime: CaseRuntime,
  steps: StepResult[],
): Promise<CaseContext> {
  const { definition, version, institution } = planned;
  const { target } = runtime;
  const given = definition.given;
  const tpp = given.tpp === undefined ? target.tpp : (target.tpps[given.tpp] ?? target.tpp);
  const persona = target.personas[given.persona];
  const ctx: CaseContext = {
    target,
    institution,
    version,
    profile: versionProfile(version),
    definition,
    tpp,
    psu: { id: given.persona, identifier: persona?.identifier ?? given.persona, otp: persona?.otp ?? '' },
    client: runtime.client,
    journeys: runtime.journeys,
    secrets: runtime.secrets,
    vars: new Map<string, unknown>([
      ['version', version],
      ['institution', institution.code],
      ['persona', given.persona],
      ['clientId', tpp.clientId],
      ['redirectUri', tpp.redirectUri],
      ['confirmation', institution.confirmationSegment],
      ...tppValues(tpp),
    ]),
    tokens: undefined,
    clockOffsetMs: 0,
    sandbox: institution.sandbox,
  };
  if (persona?.otp !== undefined) runtime.secrets.add('otp', persona.otp);
  // A live target's view of the sandbox, for cases checking that it does not work there.
  const sandboxPersona = target.sandboxPersonas[given.persona];
  if (sandboxPersona !== undefined) ctx.vars.set('sandboxIdentifier', sandboxPersona.identifier);
  if (target.sandboxOtp !== undefined) {
    runtime.secrets.add('otp', target.sandboxOtp);
    ctx.vars.set('sandboxOtp', target.sandboxOtp);
  }
  if (institution.signatureFreshness !== undefined)
    ctx.vars.set(signatureWindowVar, institution.signatureFreshness.windowSeconds);
  for (const [ref, der] of await nearMissValues(definition, target, tpp)) ctx.vars.set(ref, der);
  if (institution.sandbox) {
    const timer = performance.now();
    // A clock `at` is where the clone's clock starts, so its data are generated as of that instant.
    const at = given.clock !== undefined && 'at' in given.clock ? given.clock.at : undefined;
    const { psu, exchange } = await clonePsu(ctx, given.persona, at);
    ctx.psu = psu;
    steps.push(setupResult(`given: fresh PSU from persona ${given.persona}`, timer, [exchange.entry]));
    if (given.clock !== undefined && at === undefined) {
      const t = performance.now();
      const moved = await moveClock(ctx, given.clock);
      steps.push(setupResult('given: PSU clock', t, [moved.entry]));
    }
  }
  ctx.vars.set('psuId', ctx.psu.id);
  ctx.vars.set('identifier', ctx.psu.identifier);
  // The PSU's one-time code, for a case that posts the authentication page itself (redacted as a secret).
  ctx.vars.set('otp', ctx.psu.otp);
  return ctx;
}

function setupResult(name: string, started: number, transcript: StepResult['transcript']): StepResult {
  return { name, kind: 'given', status: 'passed', durationMs: performance.now() - started, transcript };
}

/** A step that did not hold: `advisory` when every rule it checks is a choice (the case goes on). */
interface StepVerdict {
  failure: Failure;
  advisory: boolean;
  /** Rules its failed checks were judged by beyond the case's (expectation-basis.ts). */
  rules: string[];
}

/**
 * Runs one step (a repeat runs its block `times` times); returns its verdict when it did not hold
 * (a repeat: the first failure, else its first advisory).
 */
async function runStep(
  ctx: CaseContext,
  runtime: CaseRuntime,
  step: StepDefinition,
  out: StepResult[],
): Promise<StepVerdict | undefined> {
  const action = step.action;
  if (step.versions !== undefined && !step.versions.includes(ctx.version)) return undefined;
  if (action.kind === 'repeat') {
    let advisory: StepVerdict | undefined;
    for (let i = 1; i <= action.times; i += 1) {
      for (const inner of action.steps) {
        const verdict = await runStep(
          ctx,
          runtime,
          { ...inner, name: `${inner.name} (${i}/${action.times})`, rules: inner.rules ?? step.rules },
          out,
        );
        if (verdict?.advisory === false) return verdict;
        advisory ??= verdict;
      }
    }
    return advisory;
  }
  const started = performance.now();
  let run: StepRun;
  switch (action.kind) {
    case 'request':
      run = await runRequestStep(ctx, action);
      break;
    case 'journey':
      run = await runJourneyStep(ctx, action);
      break;
    case 'token':
      run = await runTokenStep(ctx, action);
      break;
    case 'sandbox':
      run = await runSandboxStep(ctx, action);
      break;
    case 'calendar':
      run =
        action.probe === 'version'
          ? await runCalendarStep(ctx, runtime.calendar)
          : await runFormerHostStep(ctx, runtime.calendar);
      break;
  }
  // Every assertion is judged by its one rule (harness/suite/expectation-rules.ts).
  const ruleOf = assertionRules(
    { stepRules: step.rules, caseRules: ctx.definition.rules },
    (id) => getRule(id)?.basis.kind,
  );
  const failures: CheckFailure[] =
    run.failure === undefined
      ? []
      : [
          {
            ...run.failure,
            rules: [
              ruleOf({
                kind: 'outcome',
                journey: action.kind === 'journey' ? action.outcome : undefined,
                rule: step.expect.rules.outcome,
              }),
            ],
          },
        ];
  if (run.outcome !== undefined) {
    failures.push(
      ...evaluateExpectations(step.expect, run.outcome, {
        version: ctx.version,
        schemas: runtime.schemas,
        expectedOf: (value) => fillDeep(ctx, value),
        ruleOf,
        operation: answeredOperation(ctx, run),
      }),
    );
  }
  // A miss without a rule of its own is a capture that found nothing: judged as the step's captures are.
  const judge = (): boolean =>
    failures.length > 0 &&
    failures.every((f) => choiceOnly(f.rules ?? [ruleOf({ kind: 'capture' })], { sandbox: ctx.sandbox }));
  let advisory = judge();
  // After an advisory finding the case goes on, so later steps still get their captures; a capture
  // that finds nothing is judged with the rest (by its own `rule` when it names one).
  if (run.outcome !== undefined && (failures.length === 0 || advisory)) {
    failures.push(
      ...capture(ctx, step, run.outcome, run.exchanges.at(-1)?.entry.request.headers ?? {}, ruleOf),
    );
    advisory = judge();
  }
  const durationMs = performance.now() - started;
  runtime.onStepTimed?.(
    durationMs,
    run.exchanges.reduce((sum, e) => sum + e.durationMs, 0),
  );
  const last = run.exchanges.at(-1);
  const result: StepResult = {
    name: resolvedName(ctx, step.name),
    kind: action.kind,
    status: failures.length === 0 ? 'passed' : advisory ? 'advisory' : 'failed',
    durationMs,
    transcript: run.exchanges.map((e) => e.entry),
    ...(failures.length === 0 ? {} : { message: failures.map((f) => f.message).join('; ') }),
    ...(failures.length > 0 && last !== undefined
      ? { curl: curlCommand(last.entry.request, curlOptions(ctx)) }
      : {}),
    ...(run.screenshot === undefined ? {} : { screenshot: run.screenshot }),
  };
  out.push(result);
  const first = failures[0];
  if (first === undefined) return undefined;
  return {
    advisory,
    rules: [...new Set(failures.flatMap((f) => f.rules ?? []))],
    failure: {
      message: `${resolvedName(ctx, step.name)} (${step.at}): ${failures.map((f) => f.message).join('; ')}`,
      expected: failures.length === 1 ? first.expected : failures.map((f) => f.expected),
      actual: failures.length === 1 ? first.actual : failures.map((f) => f.actual),
      step: out.length - 1,
    },
  };
}

/**
 * Stores the step's captures; a capture that finds nothing is a failure of the target's response,
 * naming what came back, judged by the capture's `rule` when it names one, else the step's. A
 * capture's JSONPath may name earlier captures, as a check's may (`$.accounts[?(@.resourceId=='{{id}}')]`).
 */
function capture(
  ctx: CaseContext,
  step: StepDefinition,
  outcome: StepOutcome,
  sent: HeaderMap,
  ruleOf: (assertion: Assertion) => string,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const [name, source] of Object.entries(step.capture)) {
    const value = captureValue(source, { outcome, sent }, (path) => fillText(ctx, path));
    if (value === undefined) {
      const from = captureOrigin(source);
      const miss = captureMiss(source, outcome);
      const rule = ruleOf({
        kind: 'capture',
        path: 'json' in source ? source.json : undefined,
        header: 'header' in source ? source.header : undefined,
        rule: source.rule,
      });
      noteMissingCapture(ctx, name, { why: `capture ${name} found nothing at ${from} (${miss})`, rule });
      failures.push({
        message: `capture ${name} found nothing at ${from}: the answer has ${miss}`,
        expected: `a value at ${from}`,
        actual: miss,
        rules: [rule],
      });
    } else {
      foundCapture(ctx, name);
      ctx.vars.set(name, value);
    }
  }
  return failures;
}

/**
 * The verdict of a step that could not run because it needs a value an earlier capture did not find
 * in the bank's answer (that miss was judged by a choice, so the case went on): a finding of the rule
 * that judged the miss — the step cannot be checked for that reason — not a harness error. Any other
 * error is rethrown.
 */
function missingValueVerdict(
  ctx: CaseContext,
  step: StepDefinition,
  out: StepResult[],
  error: unknown,
): StepVerdict {
  if (!(error instanceof UnboundValueError)) throw error;
  const missing = missingCapture(ctx, error.ref);
  if (missing === undefined) throw error;
  const why = missing.why;
  const name = resolvedName(ctx, step.name);
  const message = `needs {{${error.ref}}}, which the bank's answer did not hold: ${why}`;
  // Not checkable for the reason the value is missing: judged by the rule that judged that miss.
  const advisory = choiceOnly([missing.rule], { sandbox: ctx.sandbox });
  // What this step would have captured is missing for the same reason.
  for (const captured of Object.keys(step.capture))
    noteMissingCapture(ctx, captured, { why: `${name} did not run: ${message}`, rule: missing.rule });
  out.push({
    name,
    kind: step.action.kind,
    status: advisory ? 'advisory' : 'failed',
    durationMs: 0,
    transcript: [],
    message,
  });
  return {
    advisory,
    rules: [missing.rule],
    failure: {
      message: `${name} (${step.at}): ${message}`,
      expected: `a value for {{${error.ref}}} from an earlier answer`,
      actual: why,
      step: out.length - 1,
    },
  };
}

/** The API call a step's outcome answers (its last exchange), for the statuses the seed states. */
function answeredOperation(ctx: CaseContext, run: StepRun): AnsweredOperation | undefined {
  const request = run.exchanges.at(-1)?.entry.request;
  if (request === undefined || !URL.canParse(request.url)) return undefined;
  const headers = new Map(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
  return {
    version: ctx.version,
    method: request.method,
    path: new URL(request.url).pathname,
    header: (name) => headers.get(name.toLowerCase()),
  };
}

/**
 * A step's name with its `{{values}}` filled (`GET {{payment}}` → `GET /stet/psd2/v1/payment-requests/…`),
 * so a report shows what was sent; the template itself when a value is not known (yet).
 */
function resolvedName(ctx: CaseContext, name: string): string {
  if (!name.includes('{{')) return name;
  try {
    return fillText(ctx, name);
  } catch {
    return name;
  }
}

function curlOptions(ctx: CaseContext): Parameters<typeof curlCommand>[1] {
  const connect = ctx.target.connect;
  // Absolute paths, so the command runs from any folder; placeholders when the target has no files.
  const files = ctx.target.tpp.qwacFiles;
  return {
    cacert: ctx.target.caFile ?? 'ca.pem',
    cert: files?.cert ?? 'qwac.pem',
    key: files?.key ?? 'qwac-key.pem',
    ...(connect === undefined ? {} : { connect: `${connect.host}:${connect.port}` }),
  };
}

function harnessMessage(error: unknown): string {
  if (error instanceof ClientError) return `${error.code}: ${error.message}`;
  if (isCodedError(error)) return `${error.code}: ${error.message} (${error.hint})`;
  return `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
