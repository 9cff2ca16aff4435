import type { HttpExchange } from './stet-client.ts';

/** A PSU cloned from a persona by the sandbox control API (contracts §5). */
export interface ClonedPsu {
  readonly psuId: string;
  readonly identifier: string;
  readonly otp: string;
}

/**
 * Reads the answer of `POST /sandbox/v1/psus`: `201 {psuId, identifier, otp}`. Undefined for any
 * other status or shape, which the caller turns into its own setup error.
 */
export function parseClonedPsu(exchange: Pick<HttpExchange, 'status' | 'json'>): ClonedPsu | undefined {
  const body = exchange.json;
  if (exchange.status !== 201 || typeof body !== 'object' || body === null) return undefined;
  const psuId: unknown = Reflect.get(body, 'psuId');
  const identifier: unknown = Reflect.get(body, 'identifier');
  const otp: unknown = Reflect.get(body, 'otp');
  if (typeof psuId !== 'string' || typeof identifier !== 'string' || typeof otp !== 'string')
    return undefined;
  return { psuId, identifier, otp };
}
