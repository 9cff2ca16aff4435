/**
 * Evaluates the expectations of a step on its outcome: status, error code, headers, schema, JSONPath
 * checks, `every`, `_links` presence and the fields a journey's pages showed. Returns every failure (not only the first), each with
 * expected and actual.
 */
import { bodyExcerpt } from './body-excerpt.ts';
import { lookupError } from '../../spec/lib/index.ts';
import type { Expectations, SuiteVersion } from '../suite/suite-definition.ts';
import { checkOne, checkValues, type CheckFailure } from './check-value.ts';
import {
  basisOfCodeCheck,
  basisOfHeaderCheck,
  basisOfSchemaCheck,
  basisOfStatusCheck,
} from './expectation-basis.ts';
import { queryJson, queryJsonMatches } from './json-path.ts';
import { checkPageFields } from './page-fields.ts';
import { fieldsOf, headerOf, type StepOutcome } from './step-outcome.ts';

/** A schema validator by name (spec/lib `schemaValidator`), injected so the engine stays testable. */
export type SchemaLookup = (
  name: string,
  version: SuiteVersion,
) => (value: unknown) => { valid: boolean; errors: string[] };

/** Context the expectations need besides the outcome. */
export interface ExpectationContext {
  version: SuiteVersion;
  schemas: SchemaLookup;
  /** Fills templates in expected values. */
  expectedOf: (value: unknown) => unknown;
}

/** Every failed expectation of `expect` on `outcome`. */
export function evaluateExpectations(
  expect: Expectations,
  outcome: StepOutcome,
  ctx: ExpectationContext,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (
    expect.status !== undefined &&
    (outcome.status === undefined || !expect.status.includes(outcome.status))
  ) {
    failures.push({
      message: `status is ${outcome.status ?? 'absent'}`,
      expected: expect.status.length === 1 ? expect.status[0] : expect.status,
      actual: outcome.status,
      ...basisOfStatusCheck(expect.status, outcome.status, expect.error),
    });
  }
  if (expect.error !== undefined)
    failures.push(
      ...checkErrorCode(expect.error, outcome).map((f) => ({
        ...f,
        ...basisOfCodeCheck(expect.error ?? ''),
      })),
    );
  for (const [name, check] of Object.entries(expect.headers)) {
    const value = headerOf(outcome, name);
    failures.push(
      ...checkValues(`header ${name}`, value === undefined ? [] : [value], check, ctx.expectedOf).map(
        (f) => ({ ...f, ...basisOfHeaderCheck(name) }),
      ),
    );
  }
  if (expect.text !== undefined) {
    // An empty body counts as no text, so `exists: false` says "no body".
    const texts = outcome.text === '' ? [] : [outcome.text];
    failures.push(...checkValues('body text', texts, expect.text, ctx.expectedOf));
  }
  if (expect.schema !== undefined) {
    const result = ctx.schemas(expect.schema, ctx.version)(outcome.body);
    if (!result.valid) {
      failures.push({
        message: `body does not match schema ${expect.schema}`,
        expected: `schema ${expect.schema}`,
        actual: result.errors.slice(0, 10),
        ...basisOfSchemaCheck(expect.schema),
      });
    }
  }
  for (const check of expect.json) {
    const path = filledPath(check.path, ctx);
    failures.push(...checkValues(path, queryJson(outcome.body, path), check, ctx.expectedOf));
  }
  for (const check of expect.every) {
    const path = filledPath(check.path, ctx);
    const matches = queryJsonMatches(outcome.body, path);
    if (matches.length === 0 && check.minCount !== 0) {
      // An empty selection would make "every" hold vacuously and hide a mistyped path.
      failures.push({
        message: `${path} selects nothing (every needs at least one value)`,
        expected: 'at least one value',
        actual: 'none',
      });
      continue;
    }
    for (const match of matches) {
      // Named by its place in the body (`$.transactions[41].bookingDate`), not by the filter.
      const itemFailures = checkOne(match.at, match.value, check, ctx.expectedOf);
      if (itemFailures.length > 0) {
        failures.push(...itemFailures);
        break;
      }
    }
  }
  for (const links of expect.links) {
    const objects = queryJson(outcome.body, filledPath(links.at, ctx));
    if (objects.length === 0 && links.present.length > 0) {
      failures.push({
        message: `no _links object at ${links.at}`,
        expected: { present: links.present },
        actual: 'absent',
      });
    }
    for (const [i, object] of objects.entries()) {
      const rels = typeof object === 'object' && object !== null ? Object.keys(object) : [];
      const where = objects.length === 1 ? links.at : `${links.at}[${i}]`;
      const missing = links.present.filter((rel) => !hasHref(object, rel));
      const unwanted = links.absent.filter((rel) => rels.includes(rel));
      if (missing.length > 0)
        failures.push({
          message: `${where} lacks ${missing.join(', ')}`,
          expected: { present: links.present },
          actual: rels,
        });
      if (unwanted.length > 0)
        failures.push({
          message: `${where} has ${unwanted.join(', ')}`,
          expected: { absent: links.absent },
          actual: rels,
        });
    }
  }
  if (expect.pageFields !== undefined) failures.push(...checkPageFields(expect.pageFields, outcome));
  return failures;
}

/**
 * The error code is in `message` for STET error bodies and in `error` for OAuth ones (RFC 6749); a
 * catalogue alias (NIMP/ISPM, TMRQ/TQMR) counts as the code.
 */
function checkErrorCode(code: string, outcome: StepOutcome): CheckFailure[] {
  const body = outcome.body;
  const fields = fieldsOf(body);
  const message = fields.get('message');
  const error = fields.get('error');
  const actual = typeof message === 'string' ? message : typeof error === 'string' ? error : undefined;
  const accepted = new Set([code, ...(lookupError(code)?.aliases ?? []), lookupError(code)?.code ?? code]);
  if (actual !== undefined && accepted.has(actual)) return [];
  return [
    {
      message: `error code is ${actual ?? 'absent'}`,
      expected: code,
      actual: actual ?? bodyExcerpt(outcome.text),
    },
  ];
}

/**
 * The JSONPath of a check (or of a links check) with its `{{name}}` references filled, so a filter can name a value an
 * earlier step captured (`$.transactions[?(@.resourceId=='{{pendingId}}')]`).
 */
function filledPath(path: string, ctx: ExpectationContext): string {
  const filled = ctx.expectedOf(path);
  return typeof filled === 'string' ? filled : path;
}

function hasHref(links: unknown, rel: string): boolean {
  return typeof fieldsOf(fieldsOf(links).get(rel)).get('href') === 'string';
}
