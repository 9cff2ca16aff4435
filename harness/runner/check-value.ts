/**
 * One {@link Check} against the values a JSONPath (or a header) selected. Each failure says what was
 * expected and what was there, as data.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Check } from '../suite/suite-definition.ts';

/** An expectation that did not hold. */
export interface CheckFailure {
  message: string;
  expected: unknown;
  actual: unknown;
  /**
   * The rules this one check is about when they are not the step's: a check of one of our choices
   * inside a step of seed rules (the error body's shape, a status the seed shows for no code), so
   * the verdict follows that choice's basis (harness/runner/expectation-basis.ts).
   */
  rules?: readonly string[];
}

/**
 * Checks `values` (every match of the path, in order). `exists` and the counts look at the matches
 * (or, when the path selects one array, at its items); the other operators at the first match.
 * `expectedOf` resolves templates in expected values (captures, dates).
 */
export function checkValues(
  what: string,
  values: readonly unknown[],
  check: Check,
  expectedOf: (value: unknown) => unknown,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const fail = (message: string, expected: unknown, actual: unknown): void => {
    failures.push({ message: `${what} ${message}`, expected, actual });
  };
  if (check.exists !== undefined && check.exists !== values.length > 0) {
    fail(
      check.exists ? 'is missing' : 'is present but must be absent',
      check.exists ? 'present' : 'absent',
      values.length > 0 ? values[0] : 'absent',
    );
  }
  const single = values.length === 1 && Array.isArray(values[0]) ? values[0] : undefined;
  const count = single?.length ?? values.length;
  if (check.count !== undefined && count !== check.count) fail(`has ${count} items`, check.count, count);
  if (check.minCount !== undefined && count < check.minCount)
    fail(`has ${count} items, fewer than ${check.minCount}`, `>= ${check.minCount}`, count);
  if (check.maxCount !== undefined && count > check.maxCount)
    fail(`has ${count} items, more than ${check.maxCount}`, `<= ${check.maxCount}`, count);
  const valueOps = [
    'equals',
    'notEquals',
    'matches',
    'oneOf',
    'noneOf',
    'type',
    'gt',
    'gte',
    'lt',
    'lte',
  ] as const;
  if (!valueOps.some((op) => check[op] !== undefined)) return failures;
  if (values.length === 0) {
    fail('is missing', describeOps(check, expectedOf), 'absent');
    return failures;
  }
  failures.push(...checkOne(what, values[0], check, expectedOf));
  return failures;
}

/** The value operators of `check` applied to one value (used by `every` for each item). */
export function checkOne(
  what: string,
  value: unknown,
  check: Check,
  expectedOf: (value: unknown) => unknown,
): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const fail = (message: string, expected: unknown): void => {
    failures.push({ message: `${what} ${message}`, expected, actual: value });
  };
  if (check.equals !== undefined) {
    const expected = expectedOf(check.equals);
    if (!looselyEqual(value, expected)) fail('differs', expected);
  }
  if (check.notEquals !== undefined) {
    const expected = expectedOf(check.notEquals);
    if (looselyEqual(value, expected)) fail('must differ', { not: expected });
  }
  if (check.matches !== undefined && (typeof value !== 'string' || !new RegExp(check.matches).test(value))) {
    fail(`does not match /${check.matches}/`, { matches: check.matches });
  }
  if (check.oneOf !== undefined) {
    const options = check.oneOf.map(expectedOf);
    if (!options.some((o) => looselyEqual(value, o)))
      fail('is not one of the allowed values', { oneOf: options });
  }
  if (check.noneOf !== undefined) {
    // A list, or one {{name}} holding a list (a capture with `all: true`).
    const filled = expectedOf(check.noneOf);
    const excluded: unknown[] = Array.isArray(filled) ? filled.map(expectedOf) : [filled];
    if (excluded.some((o) => looselyEqual(value, o)))
      fail('is one of the excluded values', {
        noneOf: excluded.length > 5 ? `${excluded.length} values, ${String(value)} among them` : excluded,
      });
  }
  if (
    check.type !== undefined &&
    typeOf(value) !== check.type &&
    !(check.type === 'number' && typeOf(value) === 'integer')
  ) {
    fail(`is not of type ${check.type}`, { type: check.type });
  }
  const order: Array<[keyof Check, string, (c: number) => boolean]> = [
    ['gt', '>', (c) => c > 0],
    ['gte', '>=', (c) => c >= 0],
    ['lt', '<', (c) => c < 0],
    ['lte', '<=', (c) => c <= 0],
  ];
  for (const [op, sign, holds] of order) {
    if (check[op] === undefined) continue;
    const bound = expectedOf(check[op]);
    const c = compare(value, bound);
    if (c === undefined || !holds(c)) fail(`is not ${sign} ${String(bound)}`, `${sign} ${String(bound)}`);
  }
  return failures;
}

/**
 * Numbers compare as numbers (also numeric strings, as STET amounts are strings); other strings
 * compare as text, which orders ISO dates correctly. Undefined when the two cannot be compared.
 */
export function compare(a: unknown, b: unknown): number | undefined {
  const na = numeric(a);
  const nb = numeric(b);
  if (na !== undefined && nb !== undefined) return na - nb;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

function numeric(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  return undefined;
}

/** Deep equality, where a number and its decimal string are equal (templates produce strings). */
function looselyEqual(a: unknown, b: unknown): boolean {
  if (isDeepStrictEqual(a, b)) return true;
  if ((typeof a === 'number' && typeof b === 'string') || (typeof a === 'string' && typeof b === 'number')) {
    return String(a) === String(b);
  }
  return false;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

function describeOps(check: Check, expectedOf: (value: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(check)) if (k !== 'path') out[k] = expectedOf(v);
  return out;
}
