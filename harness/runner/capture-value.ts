/**
 * What a step's capture takes from the step (`capture:` of the suite language): a JSON value, a
 * header, a query parameter of the Location or of a journey's callback, a header the step sent, or the
 * action of an HTML page's first form.
 */
import type { HeaderMap } from '../report/model.ts';
import { parseForm } from '../journeys/html-form.ts';
import type { CaptureSource } from '../suite/suite-definition.ts';
import { bodyExcerpt } from './body-excerpt.ts';
import { queryJson } from './json-path.ts';
import { fieldsOf, headerOf, type StepOutcome } from './step-outcome.ts';

/**
 * The value `source` names in the step's outcome, or undefined when there is none (a failure of the
 * target's response). `fillPath` fills the `{{values}}` of a JSONPath with earlier captures.
 */
export function captureValue(
  source: CaptureSource,
  step: { outcome: StepOutcome; sent: HeaderMap },
  fillPath: (path: string) => string,
): unknown {
  const { outcome } = step;
  if ('sent' in source) {
    const header = step.sent[source.sent];
    return Array.isArray(header) ? header[0] : header;
  }
  if ('json' in source) {
    const values = queryJson(outcome.body, fillPath(source.json));
    if (source.all !== true) return values[0];
    return values.length === 0 ? undefined : values;
  }
  if ('header' in source) return headerOf(outcome, source.header);
  // A page's form action is its own address when empty (HTML): no action is no value to capture.
  if ('form' in source) {
    const action = parseForm(outcome.text)?.action;
    return action === '' ? undefined : action;
  }
  const location = headerOf(outcome, 'location');
  if (location !== undefined)
    return new URL(location, 'https://x.invalid').searchParams.get(source.query) ?? undefined;
  return typeof outcome.body === 'object' && outcome.body !== null
    ? fieldsOf(outcome.body).get(source.query)
    : undefined;
}

/** Where a capture looks, for the message of a capture that found nothing. */
export function captureOrigin(source: CaptureSource): string {
  if ('sent' in source) return `sent header ${source.sent}`;
  if ('json' in source) return source.json;
  if ('header' in source) return `header ${source.header}`;
  if ('form' in source) return `the form ${source.form} of the page`;
  return `query ${source.query}`;
}

/**
 * What the step's answer held instead, for the message of a capture that found nothing: its status,
 * the Location of a redirect, and the start of its body (saying so when a JSONPath met a body that is
 * not JSON).
 */
export function captureMiss(source: CaptureSource, outcome: StepOutcome): string {
  const parts: string[] = [];
  if (outcome.status !== undefined) parts.push(`status ${outcome.status}`);
  const location = headerOf(outcome, 'location');
  if (location !== undefined) parts.push(`Location ${location}`);
  const text = outcome.text.replace(/\s+/g, ' ').trim();
  if ('json' in source && outcome.body === undefined)
    parts.push(text === '' ? 'an empty body' : `a body that is not JSON: ${bodyExcerpt(text)}`);
  else if (!('sent' in source) && !('header' in source))
    parts.push(text === '' ? 'an empty body' : `body ${bodyExcerpt(text)}`);
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}
