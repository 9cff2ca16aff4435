import { readField } from '../data/read-field.ts';
import { parseIsoDuration } from './iso-duration.ts';

/** Body of `POST /sandbox/v1/psus`. */
export interface ClonePsuBody {
  readonly persona: string;
  /** The PSU's clock from the start: its data are generated as of this instant. */
  readonly at: Date | undefined;
}

/** Body of `POST /sandbox/v1/psus/{psuId}/clock`: a duration to travel by, or an instant to go to. */
export type ClockBody = { readonly travelMs: number } | { readonly at: Date };

function onlyFields(value: unknown, names: readonly string[]): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).every((key) => names.includes(key))
  );
}

/** Parses a clone request; undefined when it is not `{"persona": "<name>"}` with an optional `"at"` instant. */
export function parseClonePsuBody(value: unknown): ClonePsuBody | undefined {
  const persona = readField(value, 'persona');
  if (!onlyFields(value, ['persona', 'at']) || typeof persona !== 'string') return undefined;
  const at = readField(value, 'at');
  if (at === undefined) return { persona, at: undefined };
  const instant = parseInstant(at);
  return instant === undefined ? undefined : { persona, at: instant };
}

/** An ISO 8601 date-time (`YYYY-MM-DDT…`) as a Date; undefined for anything else. */
function parseInstant(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return undefined;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** Parses a clock request; undefined unless exactly one of `travel` (ISO duration) or `at` (ISO instant). */
export function parseClockBody(value: unknown): ClockBody | undefined {
  if (!onlyFields(value, ['travel', 'at'])) return undefined;
  const travel = readField(value, 'travel');
  const at = readField(value, 'at');
  if (typeof travel === 'string' && at === undefined) {
    const travelMs = parseIsoDuration(travel);
    return travelMs === undefined ? undefined : { travelMs };
  }
  const instant = travel === undefined ? parseInstant(at) : undefined;
  return instant === undefined ? undefined : { at: instant };
}

/** Body of `POST /sandbox/v1/psus/{psuId}/revoke-token`: which token of the current set to revoke. */
export interface RevokeTokenBody {
  readonly token: 'access' | 'refresh';
}

/** Parses a revoke-token request; undefined unless exactly `{"token": "access" | "refresh"}`. */
export function parseRevokeTokenBody(value: unknown): RevokeTokenBody | undefined {
  const token = readField(value, 'token');
  if (!onlyFields(value, ['token'])) return undefined;
  return token === 'access' || token === 'refresh' ? { token } : undefined;
}
