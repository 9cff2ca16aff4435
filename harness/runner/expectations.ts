/**
 * Evaluates the expectations of a step on its outcome: status, error code, headers, schema, JSONPath
 * checks, `every`, `_links` presence and the fields a journey's pages showed. Returns every failure (not only the first), each with
 * expected and actual.
 */
import { bodyExcerpt } from './body-excerpt.ts';
import { lookupError } from '../../spec/lib/index.ts';
import type { Expectations, LinksCheck, PathCheck, SuiteVersion } from '../suite/suite-definition.ts';
import { checkOne, checkValues, type CheckFailure } from './check-value.ts';
import { basisOfStatusCheck, basisOfSuccessStatus, type AnsweredOperation } from './expectation-basis.ts';
import type { Assertion } from '../suite/expectation-rules.ts';
import { queryJson, queryJsonMatches } from './json-path.ts';
import { checkPageFields } from './page-fields.ts';
import { fieldsOf, headerOf, type StepOutcome } from './step-outcome.ts';

/** A schema validator by name (spec/lib `schemaValidator`), injected so the engine stays testable. */
export type SchemaLookup = (
  name: string,
  version: SuiteVersion,
) => (value: unknown) => {
  valid: boolean;
  errors: string[];
  /** The errors with the rule owning each field (spec/lib `ValidationIssue`), when the lookup knows them. */
  issues?: readonly { message: string; rule: string | undefined }[];
};

/** Context the expectations need besides the outcome. */
export interface ExpectationContext {
  version: SuiteVersion;
  schemas: SchemaLookup;
  /** Fills templates in expected values. */
  expectedOf: (value: unknown) => unknown;
  /**
   * The one rule that judges an assertion (harness/suite/expectation-rules.ts), set on each miss so
   * the verdict follows that rule's basis alone. Absent: misses carry no rule and the step's judge them.
   */
  ruleOf?: (assertion: Assertion) => string;
  /** The request the outcome answers, when it was an API call (the seed states some statuses). */
  operation?: AnsweredOperation;
}

/** Every failed expectation of `expect` on `outcome`. */
export function evaluateExpectations(
  expect: Expectations,
  outcome: StepOutcome,
  ctx: ExpectationContext,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const judgedBy = (assertion: Assertion, misses: readonly CheckFailure[]): CheckFailure[] => {
    if (ctx.ruleOf === undefined || misses.length === 0) return [...misses];
    const rule = ctx.ruleOf(assertion);
    return misses.map((f) => (f.rules === undefined ? { ...f, rules: [rule] } : f));
  };
  if (
    expect.status !== undefined &&
    (outcome.status === undefined || !expect.status.includes(outcome.status))
  ) {
    failures.push(
      ...judgedBy({ kind: 'status', rule: expect.rules.status }, [
        {
          message: `status is ${outcome.status ?? 'absent'}`,
          expected: expect.status.length === 1 ? expect.status[0] : expect.status,
          actual: outcome.status,
          // The exact status of a refusal whose code the seed gives no status for is ours, and so is
          // the exact success status of an operation the seed gives none.
          ...(expect.rules.status === undefined
            ? {
                ...basisOfStatusCheck(expect.status, outcome.status, expect.error),
                ...basisOfSuccessStatus(expect.status, outcome.status, ctx.operation),
              }
            : {}),
        },
      ]),
    );
  }
  if (expect.error !== undefined)
    failures.push(
      ...judgedBy(
        { kind: 'error', code: expect.error, rule: expect.rules.error },
        checkErrorCode(expect.error, outcome),
      ),
    );
  for (const [name, check] of Object.entries(expect.headers)) {
    const value = headerOf(outcome, name);
    failures.push(
      ...judgedBy(
        { kind: 'header', name, rule: check.rule },
        checkValues(`header ${name}`, value === undefined ? [] : [value], check, ctx.expectedOf),
      ),
    );
  }
  if (expect.text !== undefined) {
    // An empty body counts as no text, so `exists: false` says "no body".
    const texts = outcome.text === '' ? [] : [outcome.text];
    failures.push(
      ...judgedBy(
        { kind: 'text', rule: expect.text.rule ?? expect.rules.text },
        checkValues('body text', texts, expect.text, ctx.expectedOf),
      ),
    );
  }
  if (expect.schema !== undefined) {
    const schema = expect.schema;
    const result = ctx.schemas(schema, ctx.version)(outcome.body);
    if (!result.valid) {
      // Every error, each under the rule that owns its field (`x-rule` of the schema), one failure per
      // rule, so a field of our choosing is judged as a choice; a rule the step names for its schema
      // check judges them all.
      const byOwner = new Map<string | undefined, string[]>();
      for (const issue of result.issues ?? result.errors.map((message) => ({ message, rule: undefined }))) {
        const owner = expect.rules.schema === undefined ? issue.rule : undefined;
        byOwner.set(owner, [...(byOwner.get(owner) ?? []), issue.message]);
      }
      failures.push(
        ...judgedBy(
          { kind: 'schema', schema, rule: expect.rules.schema },
          [...byOwner].map(([owner, errors]) => ({
            message: `body does not match schema ${schema}${owner === undefined ? '' : ` (${owner})`}`,
            expected: `schema ${schema}`,
            actual: errors,
            ...(owner === undefined ? {} : { rules: [owner] }),
          })),
        ),
      );
    }
  }
  for (const check of expect.json) {
    const path = filledPath(check.path, ctx);
    failures.push(
      ...judgedBy(
        { kind: 'json', path: check.path, rule: check.rule },
        checkValues(path, queryJson(outcome.body, path), check, ctx.expectedOf),
      ),
    );
  }
  for (const check of expect.every) {
    failures.push(
      ...judgedBy({ kind: 'every', path: check.path, rule: check.rule }, checkEvery(check, outcome, ctx)),
    );
  }
  for (const links of expect.links) {
    failures.push(...judgedBy({ kind: 'links', rule: links.rule }, checkLinks(links, outcome, ctx)));
  }
  if (expect.pageFields !== undefined)
    failures.push(
      ...judgedBy(
        { kind: 'pageFields', rule: expect.rules.pageFields },
        checkPageFields(expect.pageFields, outcome),
      ),
    );
  return failures;
}

/** `every`: each value the path selects holds the check; at least one unless `minCount: 0`. */
function checkEvery(check: PathCheck, outcome: StepOutcome, ctx: ExpectationContext): CheckFailure[] {
  const path = filledPath(check.path, ctx);
  const matches = queryJsonMatches(outcome.body, path);
  if (matches.length === 0 && check.minCount !== 0) {
    // An empty selection would make "every" hold vacuously and hide a mistyped path.
    return [
      {
        message: `${path} selects nothing (every needs at least one value)`,
        expected: 'at least one value',
        actual: 'none',
      },
    ];
  }
  for (const match of matches) {
    // Named by its place in the body (`$.transactions[41].bookingDate`), not by the filter.
    const itemFailures = checkOne(match.at, match.value, check, ctx.expectedOf);
    if (itemFailures.length > 0) return itemFailures;
  }
  return [];
}

/** `links`: the relations present (with an href) and absent on each `_links` object at `at`. */
function checkLinks(links: LinksCheck, outcome: StepOutcome, ctx: ExpectationContext): CheckFailure[] {
  const failures: CheckFailure[] = [];
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
  return failures;
}

/**
 * The seed says "Errors carry a code" and shows no error body: the code counts wherever the body carries
 * it as a string value (STET puts it in `message`, RFC 6749 in `error`, another bank in a `code`
 * member; where it sits is `ERR-STET-BODY`'s business). A catalogue alias (NIMP/ISPM, TMRQ/TQMR) counts
 * as the code.
 */
function checkErrorCode(code: string, outcome: StepOutcome): CheckFailure[] {
  const fields = fieldsOf(outcome.body);
  const message = fields.get('message');
  const error = fields.get('error');
  const entry = lookupError(code);
  const accepted = new Set([code, ...(entry?.aliases ?? []), entry?.code ?? code]);
  if (stringValues(outcome.body).some((value) => accepted.has(value))) return [];
  const actual = typeof message === 'string' ? message : typeof error === 'string' ? error : undefined;
  return [
    {
      message: `error code is ${actual ?? 'absent'}`,
      expected: code,
      actual: actual ?? bodyExcerpt(outcome.text),
    },
  ];
}

/** Every string value of a JSON body, at any depth (bounded: error bodies are small). */
function stringValues(body: unknown, depth = 0): string[] {
  if (typeof body === 'string') return [body];
  if (depth > 8 || typeof body !== 'object' || body === null) return [];
  return Object.values(body).flatMap((value: unknown) => stringValues(value, depth + 1));
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
