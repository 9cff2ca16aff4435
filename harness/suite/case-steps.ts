/**
 * Questions about the steps of a parsed case, looking inside `repeat` blocks: what the runner and the
 * selftest need to know before running it (a calendar step, for instance).
 */
import type { CaseDefinition, StepDefinition } from './suite-definition.ts';

/** The kinds of step actions (`request`, `journey`, `token`, `sandbox`, `calendar`, `repeat`). */
export type StepKind = StepDefinition['action']['kind'];

/** True when a step of `definition`, or of a block it repeats, is of `kind`. */
export function caseUsesStep(definition: Pick<CaseDefinition, 'steps'>, kind: StepKind): boolean {
  const visit = (steps: readonly StepDefinition[]): boolean =>
    steps.some(
      (step) => step.action.kind === kind || (step.action.kind === 'repeat' && visit(step.action.steps)),
    );
  return visit(definition.steps);
}

/**
 * True when a journey step of `definition` has the PSU type its own one-time code: any outcome but
 * `wrong-otp`, with no `otp` of the step's own.
 */
export function caseTypesPsuCode(definition: Pick<CaseDefinition, 'steps'>): boolean {
  const visit = (steps: readonly StepDefinition[]): boolean =>
    steps.some(
      ({ action }) =>
        (action.kind === 'journey' && action.outcome !== 'wrong-otp' && action.otp === undefined) ||
        (action.kind === 'repeat' && visit(action.steps)),
    );
  return visit(definition.steps);
}
