/**
 * Text forms of the values reports show: expected/actual, durations, cell labels.
 */
import type { CaseRef, CaseResult, StepResult } from './model.ts';

/** A JSON-like value as text: strings as they are, anything else as indented JSON. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(none)';
  try {
    const json = JSON.stringify(
      value,
      (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item),
      2,
    );
    return json ?? `(${typeof value})`;
  } catch {
    // Only a cyclic value gets here: the engine never produces one, but a report must not crash on it.
    return '(unserialisable value)';
  }
}

/** Milliseconds as a short human duration (`850 ms`, `12.3 s`, `2 min 5 s`). */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms - minutes * 60_000) / 1000)} s`;
}

/** `suite/case [version · institution]`: how every report names one matrix cell. */
export function cellLabel(result: CaseRef): string {
  return `${result.suite}/${result.case} [${result.version} · ${result.institution}]`;
}

/**
 * The step a failure is about: the one `failure.step` points at, else the first failed or errored
 * step, else the last step.
 */
export function failingStep(result: CaseResult): StepResult | undefined {
  const index = result.failure?.step;
  if (index !== undefined && result.steps[index] !== undefined) return result.steps[index];
  return (
    result.steps.find(
      (step) => step.status === 'failed' || step.status === 'errored' || step.status === 'advisory',
    ) ?? result.steps.at(-1)
  );
}
