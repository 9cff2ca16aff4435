/**
 * `fuzz`: the seed model (harness/model) run alone against a target, each state machine its own case,
 * as many sequences as asked; a failure is shrunk and reported with the seed, path and replay path
 * that replay it. `run` plays the same model with a bounded budget beside the suites.
 */
import type { ApiVersion } from '../../spec/lib/index.ts';
import { summarize, type RunReport, type ToolInfo } from '../report/model.ts';
import { matrixOf } from '../report/model.ts';
import type { Target } from '../targets/target-definition.ts';
import { modelMachines, type ModelMachine } from '../model/machines.ts';
import { runModel, type ModelFailure } from '../model/run-model.ts';

/** Options of {@link runFuzz}. */
export interface FuzzOptions {
  target: Target;
  /** Sequences per state machine (default 25). */
  runs?: number;
  seed?: number;
  /** A path printed by an earlier failure: replays exactly its shrunk sequence (with `replayPath`). */
  path?: string;
  /** The command replay path printed by an earlier failure (which commands ran). */
  replayPath?: string;
  /** Only this API version (default: drawn per sequence among every version). */
  version?: ApiVersion;
  /** Commands per sequence at most. */
  maxCommands?: number;
  /** Only this state machine (a replay names it); default: each in turn. */
  machine?: ModelMachine;
  tool: ToolInfo;
}

/** What a fuzz run produced. */
export interface FuzzOutcome {
  report: RunReport;
  /** The first failure, shrunk. */
  failure: ModelFailure | undefined;
  /** Sequences run, over every machine. */
  runs: number;
}

/** The state machines `--machine` names. */
export const fuzzMachines = modelMachines;

/** Runs the model (see the module summary). Never throws for a target fault: it is in the report. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzOutcome> {
  const startedAt = new Date().toISOString();
  const outcome = await runModel({
    target: options.target,
    runs: options.runs ?? 25,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.path === undefined ? {} : { path: options.path }),
    ...(options.replayPath === undefined ? {} : { replayPath: options.replayPath }),
    ...(options.version === undefined ? {} : { version: options.version }),
    ...(options.maxCommands === undefined ? {} : { maxCommands: options.maxCommands }),
    ...(options.machine === undefined ? {} : { machines: [options.machine] }),
  });
  const report: RunReport = {
    tool: options.tool,
    target: { name: options.target.name, baseUrl: options.target.baseUrl },
    startedAt,
    finishedAt: new Date().toISOString(),
    matrix: matrixOf(outcome.results),
    summary: summarize(outcome.results),
    results: outcome.results,
  };
  return { report, failure: outcome.failures[0], runs: outcome.sequences };
}
