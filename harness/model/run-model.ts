/**
 * Runs the seed model against a target: per state machine, fast-check generates command sequences
 * over two PSUs (fresh sandbox clones, each at an institution drawn among the sandbox ones), the
 * target's main and second TPP, a version drawn among every version; each answer is judged by the
 * seed's constraints only. A failing sequence is shrunk and reported as an ordinary case result with
 * its steps, the rule, the rule's seed quote and the command that replays it.
 */
import fc from 'fast-check';
import { isCodedError } from '../../lib/coded-error.ts';
import { apiVersions, getRule, versionProfile, type ApiVersion } from '../../spec/lib/index.ts';
import { StetClient } from '../client/stet-client.ts';
import { httpJourneyDriver } from '../journeys/http-driver.ts';
import type { CaseResult } from '../report/model.ts';
import { redactRunReport } from '../report/redact.ts';
import { SecretSet } from '../report/secret-set.ts';
import type { InstitutionTarget, Target, TppCredentials } from '../targets/target-definition.ts';
import { FuzzSetupError } from '../fuzz/fuzz-session.ts';
import { seedQuote, SeedViolation } from './constraint.ts';
import type { ModelReal } from './commands/context.ts';
import { machineDefinitions, machineRules, modelMachines, type ModelMachine } from './machines.ts';
import { emptyTriplet, type ModelPsu, type ModelState, type TppName } from './model-state.ts';
import { PsuSession } from './psu-session.ts';

/** The suite id of the model's results. */
export const modelSuite = 'seed-model';
/** The name of the second TPP in a target's `tpps`. */
const secondTppName = 'aispOnly';

/** Options of {@link runModel}. */
export interface ModelOptions {
  target: Target;
  /** Sequences per machine. */
  runs: number;
  /** Commands per sequence at most (default 12). */
  maxCommands?: number;
  seed?: number;
  /** fast-check path of a failure: replays its shrunk sequence (with `seed`, `machine` and `replayPath`). */
  path?: string;
  /** Which generated commands ran in the failure (fast-check's `replayPath` of `fc.commands`). */
  replayPath?: string;
  /** Only these machines (a replay names one). */
  machines?: readonly ModelMachine[];
  /** Only this version (default: drawn per sequence among `versions`). */
  version?: ApiVersion;
  /** The versions a sequence is drawn among (default: every version). */
  versions?: readonly ApiVersion[];
  /** Only these institution codes (default: every sandbox institution of the target). */
  institutions?: readonly string[];
  /** Secrets to redact (the run's set, so its reports hide the model's tokens too). */
  secrets?: SecretSet;
  /** Per-request time limit. */
  timeoutMs?: number;
}

/** A failing sequence, shrunk. */
export interface ModelFailure {
  machine: ModelMachine;
  seed: number;
  path: string;
  replayPath: string;
  version: string;
  /** The version the run was held to (replays need it), or undefined when drawn per sequence. */
  fixedVersion: string | undefined;
  institution: string;
  /** The shrunk commands, one per line. */
  steps: string[];
  rule: string | undefined;
  constraint: string | undefined;
  message: string;
}

/** What a model run produced: one case result per machine, and the failures. */
export interface ModelOutcome {
  results: CaseResult[];
  failures: ModelFailure[];
  /** Sequences run, over every machine. */
  sequences: number;
}

/** The world a sequence is drawn in: its version and the institution of each of its two PSUs. */
interface World {
  version: ApiVersion;
  institutions: [number, number];
}

/** The command that replays a failure: `stet-harness fuzz` runs the model alone. */
export function replayCommand(
  failure: Pick<ModelFailure, 'machine' | 'seed' | 'path' | 'replayPath' | 'fixedVersion'>,
): string {
  const version = failure.fixedVersion === undefined ? '' : ` --version ${failure.fixedVersion}`;
  return `stet-harness fuzz --machine ${failure.machine} --seed ${failure.seed} --path ${failure.path} --replay-path ${failure.replayPath}${version}`;
}

/** Why the target cannot run the model, or undefined when it can. */
export function modelNotApplicable(target: Target): string | undefined {
  if (!target.capabilities.includes('sandbox'))
    return 'the seed model needs the sandbox capability (time travel, token revocation; contracts §5)';
  if (!target.institutions.some((i) => i.sandbox)) return 'no institution of the target offers the sandbox';
  return undefined;
}

/** One result per machine, each `errored` with `reason`: the model could not run at all. */
export function modelErrored(
  target: Target,
  reason: string,
  machines: readonly ModelMachine[] = modelMachines,
): CaseResult[] {
  const institution = target.institutions.find((i) => i.sandbox)?.code ?? target.institutions[0]?.code ?? '-';
  const version = apiVersions[apiVersions.length - 1] ?? '-';
  return machines.map((machine) =>
    caseOf(
      machine,
      { version, institution, durationMs: 0 },
      { status: 'errored', reason: `the seed model could not run: ${reason}` },
    ),
  );
}

/** Runs the model (see the module summary). Never throws for a target's fault: it is in the results. */
export async function runModel(options: ModelOptions): Promise<ModelOutcome> {
  const machines = options.machines ?? modelMachines;
  const institutions = options.target.institutions.filter(
    (i) => i.sandbox && (options.institutions === undefined || options.institutions.includes(i.code)),
  );
  const versions = options.version === undefined ? (options.versions ?? apiVersions) : [options.version];
  const reason =
    modelNotApplicable(options.target) ??
    (institutions.length === 0 ? 'no sandbox institution is selected' : undefined) ??
    (versions.length === 0 ? 'no version is selected' : undefined);
  const fallbackInstitution = institutions[0]?.code ?? options.target.institutions[0]?.code ?? '-';
  const fallbackVersion =
    options.version ?? options.versions?.[0] ?? apiVersions[apiVersions.length - 1] ?? '-';
  if (reason !== undefined) {
    return {
      results: machines.map((machine) =>
        caseOf(
          machine,
          { version: fallbackVersion, institution: fallbackInstitution, durationMs: 0 },
          { status: 'not-applicable', reason },
        ),
      ),
      failures: [],
      sequences: 0,
    };
  }
  const secrets = options.secrets ?? new SecretSet();
  const client = new StetClient(
    options.target,
    secrets,
    options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs },
  );
  const journeys = httpJourneyDriver(client);
  const second = options.target.tpps[secondTppName];
  const tpps: Partial<Record<TppName, TppCredentials>> =
    second === undefined ? { main: options.target.tpp } : { main: options.target.tpp, second };
  const world: fc.Arbitrary<World> = fc.record({
    version: fc.constantFrom(...versions),
    institutions: fc.tuple(
      fc.nat({ max: institutions.length - 1 }),
      fc.nat({ max: institutions.length - 1 }),
    ),
  });
  // Each machine is its own property; they run side by side (their PSUs are their own clones).
  const checkMachine = async (
    machine: ModelMachine,
  ): Promise<{ result: CaseResult; failure: ModelFailure | undefined; runs: number }> => {
    const started = Date.now();
    let setupError: unknown;
    const property = fc.asyncProperty(
      world,
      fc.commands([...machineDefinitions[machine].commands], {
        maxCommands: options.maxCommands ?? 15,
        size: 'medium',
        ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
      }),
      async (drawn, commands) => {
        try {
          const sequence = setUp({
            machine,
            drawn,
            institutions,
            tpps,
            client,
            target: options.target,
            journeys,
            secrets,
          });
          await fc.asyncModelRun(() => sequence, commands);
        } catch (error) {
          // A broken set-up or plumbing is the harness's or the target's, not a counterexample.
          if (!(error instanceof SeedViolation) && (error instanceof FuzzSetupError || isCodedError(error)))
            setupError ??= error;
          throw error;
        }
      },
    );
    const details = await fc.check(property, {
      numRuns: options.runs,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.path === undefined ? {} : { path: options.path }),
    });
    const durationMs = Date.now() - started;
    const drawn = details.counterexample?.[0];
    const cell = {
      version: drawn?.version ?? fallbackVersion,
      institution: institutions[drawn?.institutions[0] ?? 0]?.code ?? fallbackInstitution,
      durationMs,
    };
    if (details.failed && setupError === undefined) {
      const error = details.errorInstance;
      const failure: ModelFailure = {
        machine,
        seed: details.seed,
        path: details.counterexamplePath ?? '',
        replayPath: replayPathOf(details.counterexample?.[1]),
        version: cell.version,
        fixedVersion: versions.length === 1 ? versions[0] : undefined,
        institution: cell.institution,
        steps: stepsOf(details.counterexample?.[1]),
        rule: error instanceof SeedViolation ? error.rule : undefined,
        constraint: error instanceof SeedViolation ? error.constraint : undefined,
        message: error instanceof Error ? error.message : String(error),
      };
      return { result: caseOf(machine, cell, { status: 'failed', failure }), failure, runs: details.numRuns };
    } else if (setupError !== undefined || details.failed) {
      const message = setupError instanceof Error ? setupError.message : String(details.errorInstance);
      return {
        result: caseOf(machine, cell, {
          status: 'errored',
          reason: `the seed model could not run: ${message}`,
        }),
        failure: undefined,
        runs: details.numRuns,
      };
    }
    return { result: caseOf(machine, cell, { status: 'passed' }), failure: undefined, runs: details.numRuns };
  };
  let checked: Array<Awaited<ReturnType<typeof checkMachine>>>;
  try {
    checked = await Promise.all(machines.map(checkMachine));
  } finally {
    await client.close();
  }
  const results = checked.map((c) => c.result);
  const failures = checked.flatMap((c) => (c.failure === undefined ? [] : [c.failure]));
  const sequences = checked.reduce((sum, c) => sum + c.runs, 0);
  const redacted = redactRunReport(
    {
      tool: { name: 'stet-harness', version: '-' },
      target: { name: options.target.name, baseUrl: options.target.baseUrl },
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      matrix: { versions: [], institutions: [] },
      summary: {
        total: 0,
        passed: 0,
        failed: 0,
        errored: 0,
        accepted: 0,
        advisory: 0,
        skipped: 0,
        'not-applicable': 0,
      },
      results,
    },
    secrets,
  );
  return { results: redacted.results, failures, sequences };
}

function setUp(options: {
  machine: ModelMachine;
  drawn: World;
  institutions: readonly InstitutionTarget[];
  tpps: Partial<Record<TppName, TppCredentials>>;
  client: StetClient;
  target: Target;
  journeys: ReturnType<typeof httpJourneyDriver>;
  secrets: SecretSet;
}): { model: ModelState; real: ModelReal } {
  const { drawn } = options;
  const sessions = drawn.institutions.map((index) => {
    const institution = options.institutions[index];
    if (institution === undefined) throw new FuzzSetupError('ERR_FUZZ_SETUP', 'no sandbox institution');
    return new PsuSession({
      client: options.client,
      target: options.target,
      journeys: options.journeys,
      institution,
      tpps: options.tpps,
    });
  });
  const model: ModelState = {
    version: drawn.version,
    profile: versionProfile(drawn.version),
    tpps: Object.keys(options.tpps).filter((name): name is TppName => name === 'main' || name === 'second'),
    psus: sessions.map((session): ModelPsu => ({
      institution: session.institution.code,
      ready: false,
      accounts: [],
      cards: [],
      consentByTpp: { main: [undefined], second: [undefined] },
      consentOfPsu: [undefined],
      tokens: {
        'main/aisp': emptyTriplet(),
        'main/cbpii': emptyTriplet(),
        'second/aisp': emptyTriplet(),
        'second/cbpii': emptyTriplet(),
      },
      quota: new Map(),
      epoch: 0,
      transactions: new Map(),
      links: new Map(),
    })),
    payment: undefined,
    prelude: machineDefinitions[options.machine].prelude,
  };
  const real: ModelReal = { psus: sessions, secrets: options.secrets, payment: undefined };
  return { model, real };
}

/** fast-check's rendering of a command sequence (its iterable overrides toString). */
function rendered(sequence: unknown): string {
  if (typeof sequence !== 'object' || sequence === null) return '';
  const method: unknown = Reflect.get(sequence, 'toString');
  if (typeof method !== 'function') return '';
  const text: unknown = Reflect.apply(method, sequence, []);
  return typeof text === 'string' ? text : '';
}

/** The replay path fast-check appends to a rendered sequence. */
function replayPathOf(sequence: unknown): string {
  return /\/\*replayPath="([^"]*)"\*\/$/.exec(rendered(sequence))?.[1] ?? '';
}

/** The shrunk commands, one per line, from fast-check's rendering of a command sequence. */
function stepsOf(sequence: unknown): string[] {
  const text = rendered(sequence);
  const withoutPath = text.replace(/\s*\/\*replayPath="[^"]*"\*\/$/, '');
  return withoutPath === '' ? [] : withoutPath.split(',').map((step) => step.trim());
}

function caseOf(
  machine: ModelMachine,
  cell: { version: string; institution: string; durationMs: number },
  outcome:
    | { status: 'passed' }
    | { status: 'not-applicable' | 'errored'; reason: string }
    | { status: 'failed'; failure: ModelFailure },
): CaseResult {
  const rules =
    outcome.status === 'failed' && outcome.failure.rule !== undefined
      ? [outcome.failure.rule]
      : machineRules(machine);
  const base: CaseResult = {
    suite: modelSuite,
    case: machine,
    title: machineDefinitions[machine].title,
    version: cell.version,
    institution: cell.institution,
    rules: rules.map((id) => ({ id, title: getRule(id)?.title ?? id, section: getRule(id)?.section ?? '' })),
    status: outcome.status,
    durationMs: cell.durationMs,
    steps: [],
    tags: ['model'],
  };
  switch (outcome.status) {
    case 'passed':
      return base;
    case 'not-applicable':
      return { ...base, reason: outcome.reason };
    case 'errored':
      return { ...base, failure: { message: outcome.reason } };
    case 'failed': {
      const f = outcome.failure;
      return {
        ...base,
        failure: {
          message: `${f.message}\nsteps:\n${f.steps.map((s, i) => `  ${i + 1}. ${s}`).join('\n')}\nreplay: ${replayCommand(f)}`,
          expected:
            f.rule === undefined
              ? 'the answers the seed allows'
              : `${f.rule} (${f.constraint ?? ''}): ${seedQuote(f.rule) ?? ''}`,
          actual: f.steps,
        },
        steps: f.steps.map((step, index) => ({
          name: step,
          kind: 'model',
          status: index === f.steps.length - 1 ? 'failed' : 'passed',
          durationMs: 0,
          transcript: [],
          ...(index === f.steps.length - 1 ? { message: f.message.split('\n')[0] ?? f.message } : {}),
        })),
      };
    }
  }
}
