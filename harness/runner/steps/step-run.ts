/**
 * What a step implementation returns to the executor: the outcome for expectations and captures,
 * the HTTP exchanges for the transcript, and a failure when the action itself could not complete.
 */
import type { HttpExchange } from '../../client/stet-client.ts';
import type { Screenshot } from '../../report/model.ts';
import type { CheckFailure } from '../check-value.ts';
import type { StepOutcome } from '../step-outcome.ts';

/** The result of running one step's action (before expectations). */
export interface StepRun {
  outcome: StepOutcome | undefined;
  exchanges: HttpExchange[];
  screenshot?: Screenshot;
  /** The action could not complete because of the target (a journey ending off the callback). */
  failure?: CheckFailure;
}

/** The outcome of one HTTP exchange. */
export function outcomeOf(exchange: HttpExchange): StepOutcome {
  return { status: exchange.status, headers: exchange.headers, body: exchange.json, text: exchange.text };
}
