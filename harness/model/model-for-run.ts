/**
 * The seed model's share of `stet-harness run`: a bounded budget of sequences played beside the
 * suites, unless the run reads suites of its own (`--suites`) or is narrowed to some suites, cases, rules or tags (the model is then left out
 * unless `--model-runs` or `--model-seed` asks for it) or is a shard other than the first (so merged
 * shards hold its results once). Its results are ordinary case results of the suite `seed-model`.
 */
import { isApiVersion, type ApiVersion } from '../../spec/lib/index.ts';
import type { CaseResult } from '../report/model.ts';
import type { RunFilter } from '../runner/run-filter.ts';
import type { Target } from '../targets/target-definition.ts';
import { modelMachines } from './machines.ts';
import { modelErrored, runModel } from './run-model.ts';

/**
 * Sequences per state machine in a default run: five machines, two sequences each, keep the model's
 * part within the few seconds `npm run bench:run` leaves (docs/model.md has the figures).
 */
export const defaultModelRuns = 2;

/** What `run` starts: the model's results to come, and how many cells they are. */
export interface ModelForRun {
  results: Promise<CaseResult[]>;
  cells: number;
}

/** Starts the model for a run, or returns undefined when the run leaves it out (see the module summary). */
export function startModelForRun(options: {
  target: Target;
  /** `--model-runs`; undefined when not given. */
  runs: number | undefined;
  seed: number | undefined;
  filter: RunFilter;
  /** The run reads suites of its own (`--suites`), not the bundled ones: narrowed to them. */
  ownSuites: boolean;
  shard: { index: number; count: number } | undefined;
  timeoutMs: number;
}): ModelForRun | undefined {
  const { filter } = options;
  const narrowed =
    options.ownSuites ||
    filter.suites.length + (filter.cases?.length ?? 0) + filter.rules.length + filter.tags.length > 0 ||
    filter.cells !== undefined;
  const asked = options.runs !== undefined || options.seed !== undefined;
  const runs = options.runs ?? defaultModelRuns;
  if (runs === 0 || (narrowed && !asked) || (options.shard !== undefined && options.shard.index !== 1))
    return undefined;
  const versions = filter.versions.filter((v): v is ApiVersion => isApiVersion(v));
  const results = runModel({
    target: options.target,
    runs,
    timeoutMs: options.timeoutMs,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(versions.length === 0 ? {} : { versions }),
    ...(filter.institutions.length === 0 ? {} : { institutions: filter.institutions }),
  }).then(
    (outcome) => outcome.results,
    // Never a rejection left waiting while the suites run: the model's own breakdown is its results'.
    (error: unknown) => modelErrored(options.target, error instanceof Error ? error.message : String(error)),
  );
  return { results, cells: modelMachines.length };
}
