/**
 * Ramping stages of a scenario (`stages: [{ duration: 10s, rate: 20 }, …]`), as k6's
 * ramping-arrival-rate reads them: each stage goes linearly from the rate reached before it (0 at the
 * start) to its own rate over its duration; a stage of `0s` jumps.
 */
import { LoadError } from './load-error.ts';
import { parseDuration } from './duration.ts';

/** One stage: reach `rate` requests per second over `durationMs`. */
export interface Stage {
  durationMs: number;
  rate: number;
}

/** The stages of a scenario file, durations parsed (`0s` allowed: a jump). */
export function parseStages(raw: ReadonlyArray<{ duration: string; rate: number }>): Stage[] {
  return raw.map((s) => ({
    durationMs: /^0+(\.0+)?(ms|s|m|h)?$/.test(s.duration.trim()) ? 0 : parseDuration(s.duration),
    rate: s.rate,
  }));
}

/** How long the stages last, in milliseconds. */
export function stagesDurationMs(stages: readonly Stage[]): number {
  return stages.reduce((sum, s) => sum + s.durationMs, 0);
}

/** The highest rate the stages reach. */
export function peakRate(stages: readonly Stage[]): number {
  return Math.max(0, ...stages.map((s) => s.rate));
}

/**
 * The planned arrival rate `atMs` milliseconds into the stages: interpolated within a stage, the
 * first stage's start before them (0), the last stage's rate after them.
 */
export function rateAt(stages: readonly Stage[], atMs: number): number {
  let from = 0;
  let start = 0;
  const at = Math.max(0, atMs);
  for (const stage of stages) {
    const end = start + stage.durationMs;
    if (at < end) return from + ((stage.rate - from) * (at - start)) / stage.durationMs;
    from = stage.rate;
    start = end;
  }
  return from;
}

/**
 * The rate of connection `index` of `connections` sharing `rate`, as autocannon shares an overall
 * rate (whole requests per second, the remainder to the first connections). A connection cannot be
 * held below one request per second: autocannon reads a rate of 0 as no limit.
 */
export function connectionRate(rate: number, connections: number, index: number): number {
  const whole = Math.round(rate);
  const share = Math.floor(whole / connections) + (index < whole % connections ? 1 : 0);
  return Math.max(1, share);
}

/** Refuses stages that cannot be run (no rate anywhere). */
export function checkStages(stages: readonly Stage[], where: string): void {
  if (stagesDurationMs(stages) <= 0 || peakRate(stages) <= 0) {
    throw new LoadError('ERR_LOAD_SCENARIO_INVALID', `${where}: the stages last no time or reach no rate`, {
      hint: 'e.g. stages: [{ duration: 10s, rate: 20 }, { duration: 20s, rate: 20 }, { duration: 5s, rate: 0 }]',
    });
  }
}
