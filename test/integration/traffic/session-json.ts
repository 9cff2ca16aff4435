/** Reading the JSON answers of a scripted session without casts. */

/** The value at `path` in `value` (object keys and array indexes), or undefined. */
export function field(value: unknown, ...path: Array<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key] as unknown;
    else if (
      typeof current === 'object' &&
      current !== null &&
      !Array.isArray(current) &&
      typeof key === 'string'
    )
      current = Object.entries(current).find(([name]) => name === key)?.[1] as unknown;
    else return undefined;
  }
  return current;
}

/** `value` as a string; throws (the session cannot go on) otherwise. */
export function text(value: unknown): string {
  if (typeof value !== 'string') throw new Error(`expected a string, got ${JSON.stringify(value)}`);
  return value;
}

/** Status and error code of each step of a session, in order, and what else the step showed. */
export type Verdicts = Array<{ step: string; status: number; code: string | undefined; detail?: string }>;

/** The verdict of one exchange: its status and the code of an error body (STET `message` or OAuth `error`). */
export function verdictOf(
  step: string,
  exchange: { status: number; json: unknown },
  detail?: string,
): Verdicts[number] {
  const code = field(exchange.json, 'message') ?? field(exchange.json, 'error');
  return {
    step,
    status: exchange.status,
    code: typeof code === 'string' ? code : undefined,
    ...(detail === undefined ? {} : { detail }),
  };
}
