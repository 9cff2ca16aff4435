import { lookupError } from '../spec/lib/index.ts';

/**
 * The catalogue code of an error answer: STET's ErrorModel carries it in `message` (the group's
 * hosts too), OAuth bodies in `error`. Aliases become their catalogue code (TQMR → TMRQ).
 */
export function answerCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  for (const field of ['message', 'error']) {
    const value: unknown = Object.getOwnPropertyDescriptor(body, field)?.value;
    if (typeof value === 'string' && /^[A-Za-z_]{2,40}$/.test(value))
      return lookupError(value)?.code ?? value;
  }
  return undefined;
}
