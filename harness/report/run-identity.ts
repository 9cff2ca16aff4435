/**
 * The identity of a run, written into every report (`run.id`, `run.shard`), so `merge-reports` can
 * tell the shards of one run from a foreign report and see which shard is missing or given twice.
 *
 * The id hashes what decides the run's matrix and verdicts: the harness version, the target, the
 * suites (their definitions, not where they were read from) and the filters. Every shard of
 * `run --shard i/n` computes the same id; the shard itself is not part of it.
 */
import { createHash } from 'node:crypto';
import type { RunFilter } from '../runner/run-filter.ts';
import type { SuiteDefinition } from '../suite/suite-definition.ts';
import type { Target } from '../targets/target-definition.ts';
import type { Reporter, RunIdentity, ShardRef } from './model.ts';

/** What {@link runId} hashes. */
export interface RunIdentityInput {
  /** The harness version (`tool.version` of the report). */
  toolVersion: string;
  /** The target: its hosts, versions, institutions and capabilities (not the port dialled). */
  target: Pick<Target, 'name' | 'baseUrl'> & {
    versions: readonly string[];
    institutions: readonly Pick<Target['institutions'][number], 'code'>[];
    capabilities: readonly string[];
  };
  /**
   * What else makes the target what it is when the command starts it (the embedded reference's
   * faults and choices); absent for a target file.
   */
  embedded?: Readonly<Record<string, unknown>>;
  /**
   * Other options that decide the cells or their verdicts (the calendar and day the target is held
   * to, the seed model's runs and seed), as given.
   */
  settings?: Readonly<Record<string, unknown>>;
  suites: readonly SuiteDefinition[];
  filter: RunFilter;
}

/** The run id: 16 hex digits of a SHA-256 over {@link RunIdentityInput}, the same for every shard. */
export function runId(input: RunIdentityInput): string {
  const { target, filter } = input;
  const identity = {
    tool: input.toolVersion,
    target: {
      name: target.name,
      baseUrl: target.baseUrl,
      versions: target.versions,
      institutions: target.institutions.map((i) => i.code),
      capabilities: target.capabilities,
      ...(input.embedded === undefined ? {} : { embedded: input.embedded }),
    },
    // The order filters were given in changes nothing: sorted, so every shard's command line may differ there.
    filter: {
      suites: [...filter.suites].sort(),
      cases: [...(filter.cases ?? [])].sort(),
      rules: [...filter.rules].sort(),
      versions: [...filter.versions].sort(),
      institutions: [...filter.institutions].sort(),
      tags: [...filter.tags].sort(),
      cells: filter.cells === undefined ? null : [...filter.cells].sort(),
    },
    suites: [...input.suites].sort((a, b) => a.suite.localeCompare(b.suite)),
    settings: input.settings ?? {},
  };
  return createHash('sha256').update(canonicalJson(identity)).digest('hex').slice(0, 16);
}

/** The identity of one shard of a run (`shard` absent: the whole run, 1/1). */
export function runIdentity(id: string, shard: ShardRef | undefined): RunIdentity {
  return {
    id,
    shard: shard === undefined ? { index: 1, count: 1 } : { index: shard.index, count: shard.count },
  };
}

/** `inner`, handed a report that carries the run's identity. */
export function identifiedReporter(inner: Reporter, run: RunIdentity): Reporter {
  return {
    onRunStart: (start) => inner.onRunStart?.(start),
    onCaseStart: (ref) => inner.onCaseStart?.(ref),
    onCaseEnd: (result) => inner.onCaseEnd?.(result),
    onRunEnd: (report) => inner.onRunEnd({ ...report, run }),
  };
}

/** A source position (`file:line:col`) of a parsed suite: where a suite was read does not change it. */
const sourcePosition = /:\d+:\d+$/;

/** JSON with sorted keys and without the suites' source positions and file names. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (key === 'file' && typeof v === 'string') return undefined;
    if (key === 'at' && typeof v === 'string' && sourcePosition.test(v)) return undefined;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
    return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}
