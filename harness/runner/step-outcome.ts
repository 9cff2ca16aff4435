/**
 * What a step produced, in the one shape expectations and captures read: a status, headers and a
 * body. A journey's body is the callback query (`code`, `state`, `error`, …).
 */
import type { HeaderMap } from '../report/model.ts';

/** The observable result of a step. */
export interface StepOutcome {
  status: number | undefined;
  headers: HeaderMap;
  /** Parsed JSON body, or the journey callback query; undefined when there is none. */
  body: unknown;
  /** Raw body text, for messages. */
  text: string;
  /** Journey steps: form field names of the pages shown, when the driver could see them. */
  pageFields?: string[];
}

/** First value of a header (lower-case name). */
export function headerOf(outcome: StepOutcome, name: string): string | undefined {
  const value = outcome.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The fields of a JSON object (empty for anything else), typed `unknown` until parsed. */
export function fieldsOf(value: unknown): Map<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? new Map<string, unknown>(Object.entries(value))
    : new Map<string, unknown>();
}
