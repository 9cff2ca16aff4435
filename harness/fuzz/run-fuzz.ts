/**
 * `fuzz`: fast-check model-based runs over the consent-and-links, token and payment state machines, with
 * malformed requests mixed in, against any target with the sandbox capability. Each run clones a
 * fresh PSU, logs it in, then plays a random command sequence against the model; a failure is shrunk
 * and reported with the seed and path that replay it.
 */
import fc from 'fast-check';
import { isCodedError } from '../../lib/coded-error.ts';
import { getRule, newestApiVersion, versionProfile, type ApiVersion } from '../../spec/lib/index.ts';
import { StetClient } from '../client/stet-client.ts';
import { httpJourneyDriver } from '../journeys/http-driver.ts';
import { summarize, type CaseResult, type RunReport, type ToolInfo } from '../report/model.ts';
import { redactRunReport } from '../report/redact.ts';
import { SecretSet } from '../report/secret-set.ts';
import type { Target } from '../targets/target-definition.ts';
import { fuzzCommands, paymentTokenEvents } from './fuzz-commands.ts';
import { FuzzMismatch, type FuzzModel, type FuzzReal, type ModelAccount } from './fuzz-model.ts';
import { fieldOf, FuzzSession, FuzzSetupError } from './fuzz-session.ts';
import { paymentCommands } from './payment-commands.ts';

/** Options of {@link runFuzz}. */
export interface FuzzOptions {
  target: Target;
  /** Number of command sequences (default 25). */
  runs?: number;
  seed?: number;
  /** A path printed by an earlier failure: replays exactly its shrunk sequence (with `replayPath`). */
  path?: string;
  /** The command replay path printed by an earlier failure (which commands ran). */
  replayPath?: string;
  /** Institution code (default: the first institution with the sandbox). */
  institution?: string;
  /** API version (default: the newest). */
  version?: ApiVersion;
  /** Persona cloned for each run (default alice). */
  persona?: string;
  maxCommands?: number;
  /** Only this state machine (a replay names it); default: each in turn, `runs` sequences each. */
  machine?: FuzzMachine;
  tool: ToolInfo;
}

/** A failing sequence, shrunk. */
export interface FuzzFailure {
  /** The state machine whose property failed. */
  machine: FuzzMachine;
  seed: number;
  path: string;
  /** Which generated commands ran (fast-check `replayPath` of `fc.commands`). */
  replayPath: string;
  /** The shrunk command sequence, one command per line. */
  commands: string;
  message: string;
}

/** What a fuzz run produced. */
export interface FuzzOutcome {
  report: RunReport;
  failure: FuzzFailure | undefined;
  runs: number;
}

/**
 * The state machines fuzzed, each its own property (and result): `ais`, consent, links and tokens with
 * malformed requests; `payments`, initiation, PSU journey, confirmation, cancellation and status. Apart
 * so a short payment flow is not drowned in consent commands, and each replays on its own.
 */
export const fuzzMachines = ['ais', 'payments'] as const;
/** One of {@link fuzzMachines}. */
export type FuzzMachine = (typeof fuzzMachines)[number];

const machineCommands = { ais: fuzzCommands, payments: [...paymentCommands, ...paymentTokenEvents] };

const machineCase: Record<FuzzMachine, { id: string; title: string }> = {
  ais: {
    id: 'consent-links-tokens',
    title: 'Random consent, link, token and malformed-input sequences agree with the model',
  },
  payments: {
    id: 'payments',
    title:
      'Random payment initiation, journey, confirmation, cancellation and status sequences agree with the model',
  },
};

/** Rules the model checks, per machine: a failure is reported against them. */
export const machineRules: Record<FuzzMachine, readonly string[]> = {
  ais: [
    'CNS-REPLACES-PREVIOUS',
    'CNS-EMPTY-REVOKES-ALL',
    'AIS-ACC-NO-CONSENT-LISTS-ALL',
    'AIS-ACC-NO-CONSENT-NO-CARDS',
    'AIS-ACC-CONSENTED-ONLY',
    'AIS-ACC-BALANCES-WHEN-CONSENTED',
    'AIS-ACC-LINK-BALANCES',
    'AIS-ACC-LINK-TRANSACTIONS',
    'AIS-ACC-LINK-IDENTITY',
    'AIS-ACC-NOT-CONSENTED-NGAC',
    'TOK-ACCESS-EXPIRES',
    'TOK-REFRESH-REVOKES-OLD-ACCESS',
    'TOK-REVOKE-ACCESS-REVOKES-REFRESH',
    'BAD-NEVER-5XX',
    'BAD-NOTHING-CHANGES',
    'BAD-CATALOGUE-CODE',
  ],
  payments: [
    'PIS-FIRST-TOKEN',
    'PIS-INITIATE',
    'PIS-SUCCESS-CALLBACK',
    'PIS-UNSUCCESSFUL-CALLBACK',
    'PIS-CONFIRMATION-NEEDS-SECOND-TOKEN',
    'PIS-CONFIRMATION-200',
    'PIS-STATUS-PDNG',
    'PIS-GET-STATUS',
    'PIS-GET-SAME-X-REQUEST-ID',
    'PIS-CANCEL',
    'PIS-CANCEL-NO-CONFIRMATION',
  ],
};

/** Every rule the fuzzer checks. */
export const fuzzRules: readonly string[] = [...machineRules.ais, ...machineRules.payments];

/** Runs the fuzzer (see the module summary). Never throws for a target fault: it is in the report. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzOutcome> {
  const { target } = options;
  const secrets = new SecretSet();
  const client = new StetClient(target, secrets);
  const journeys = httpJourneyDriver(client);
  const institution =
    target.institutions.find((i) => i.code === options.institution) ??
    (options.institution === undefined ? target.institutions.find((i) => i.sandbox) : undefined);
  const version = options.version ?? newestApiVersion;
  const profile = versionProfile(version);
  const startedAt = new Date();
  let setupError: unknown;
  try {
    if (institution === undefined || !target.capabilities.includes('sandbox')) {
      throw new FuzzSetupError(
        'ERR_FUZZ_SETUP',
        'no institution of the target offers the sandbox control API',
        {
          hint: 'fuzz needs a target with capabilities: [sandbox] (contracts §5)',
        },
      );
    }
    const setup = async (): Promise<{ model: FuzzModel; real: FuzzReal }> => {
      const session = new FuzzSession({ client, target, journeys, institution });
      await session.clone(options.persona ?? 'alice');
      const tokens = await session.login();
      secrets.add('access_token', tokens.access);
      secrets.add('refresh_token', tokens.refresh);
      const accounts = await listAccounts(session, version, tokens.access);
      return {
        model: { version, profile, accounts, consent: undefined, tokens: 'valid', payment: undefined },
        real: { session, tokens },
      };
    };
    const results: CaseResult[] = [];
    let failure: FuzzFailure | undefined;
    let runs = 0;
    for (const machine of options.machine === undefined ? fuzzMachines : [options.machine]) {
      const started = Date.now();
      setupError = undefined;
      const property = fc.asyncProperty(
        fc.commands(machineCommands[machine], {
          maxCommands: options.maxCommands ?? 12,
          ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
        }),
        async (commands) => {
          try {
            const { model, real } = await setup();
            await fc.asyncModelRun(() => ({ model, real }), commands);
          } catch (error) {
            // A broken set-up is the harness's or the target's plumbing, not a counterexample.
            if (error instanceof FuzzSetupError || (isCodedError(error) && !(error instanceof FuzzMismatch)))
              setupError ??= error;
            throw error;
          }
        },
      );
      const details = await fc.check(property, {
        numRuns: options.runs ?? 25,
        ...(options.seed === undefined ? {} : { seed: options.seed }),
        ...(options.path === undefined ? {} : { path: options.path }),
      });
      runs += details.numRuns;
      const found: FuzzFailure | undefined =
        details.failed && setupError === undefined
          ? {
              machine,
              seed: details.seed,
              path: details.counterexamplePath ?? '',
              ...sequenceOf(rendered(details.counterexample?.[0])),
              message:
                details.errorInstance instanceof Error
                  ? details.errorInstance.message
                  : String(details.errorInstance),
            }
          : undefined;
      failure ??= found;
      results.push(
        caseResult({
          machine,
          version,
          institution: institution.code,
          durationMs: Date.now() - started,
          failure: found,
          setupError,
        }),
      );
    }
    return { report: reportOf(results, options, startedAt, secrets), failure, runs };
  } catch (error) {
    const result = caseResult({
      machine: options.machine ?? 'ais',
      version,
      institution: institution?.code ?? '-',
      durationMs: Date.now() - startedAt.getTime(),
      failure: undefined,
      setupError: error,
    });
    return { report: reportOf([result], options, startedAt, secrets), failure: undefined, runs: 0 };
  } finally {
    await client.close();
  }
}

async function listAccounts(session: FuzzSession, version: string, token: string): Promise<ModelAccount[]> {
  const exchange = await session.api({ method: 'GET', path: `/stet/psd2/${version}/accounts`, token });
  const list = fieldOf(exchange.json, 'accounts');
  if (exchange.status !== 200 || !Array.isArray(list))
    throw new FuzzSetupError('ERR_FUZZ_SETUP', `the first GET /accounts answered ${exchange.status}`);
  const entries: unknown[] = list;
  return entries.flatMap((entry) => {
    const resourceId = fieldOf(entry, 'resourceId');
    const iban = fieldOf(fieldOf(entry, 'accountId'), 'iban');
    return typeof resourceId === 'string' && typeof iban === 'string' ? [{ resourceId, iban }] : [];
  });
}

function caseResult(options: {
  machine: FuzzMachine;
  version: string;
  institution: string;
  durationMs: number;
  failure: FuzzFailure | undefined;
  setupError: unknown;
}): CaseResult {
  const base = {
    suite: 'fuzz',
    case: machineCase[options.machine].id,
    title: machineCase[options.machine].title,
    version: options.version,
    institution: options.institution,
    rules: machineRules[options.machine].map((id) => ({
      id,
      title: getRule(id)?.title ?? id,
      section: getRule(id)?.section ?? '',
    })),
    durationMs: options.durationMs,
    steps: [],
  };
  if (options.setupError !== undefined) {
    const message =
      options.setupError instanceof Error ? options.setupError.message : JSON.stringify(options.setupError);
    return { ...base, status: 'errored', failure: { message: `the fuzzer could not run: ${message}` } };
  }
  const failure = options.failure;
  if (failure === undefined) return { ...base, status: 'passed' };
  return {
    ...base,
    status: 'failed',
    failure: {
      message: `${failure.message}\nreplay: ${replayArguments(failure)}`,
      expected: 'the answers the model predicts',
      actual: failure.commands,
    },
  };
}

function reportOf(
  results: CaseResult[],
  options: FuzzOptions,
  startedAt: Date,
  secrets: SecretSet,
): RunReport {
  const result = results[0];
  return redactRunReport(
    {
      tool: options.tool,
      target: { name: options.target.name, baseUrl: options.target.baseUrl },
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      matrix: { versions: [result?.version ?? '-'], institutions: [result?.institution ?? '-'] },
      summary: summarize(results),
      results,
    },
    secrets,
  );
}

/** fast-check's own rendering of a command sequence (its iterable overrides toString). */
function rendered(sequence: object | undefined): string {
  if (sequence === undefined) return '';
  const method: unknown = Reflect.get(sequence, 'toString');
  if (typeof method !== 'function') return '';
  const text: unknown = Reflect.apply(method, sequence, []);
  return typeof text === 'string' ? text : '';
}

/** The shrunk sequence and its replay path, from fast-check's rendering (commands, then a replayPath comment). */
function sequenceOf(rendered: string): { commands: string; replayPath: string } {
  const match = /\s*\/\*replayPath="([^"]*)"\*\/$/.exec(rendered);
  const commands = match === null ? rendered : rendered.slice(0, match.index);
  return { commands: commands.split(',').join('\n'), replayPath: match?.[1] ?? '' };
}

/** The `stet-harness fuzz` arguments that replay a failure. */
export function replayArguments(failure: FuzzFailure): string {
  return `stet-harness fuzz --machine ${failure.machine} --seed ${failure.seed} --path ${failure.path} --replay-path ${failure.replayPath}`;
}
