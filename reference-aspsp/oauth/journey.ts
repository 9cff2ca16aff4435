import { apiRoles } from '../lib/api-roles.ts';
import { isRecord } from '../lib/is-record.ts';
import type { Role } from '../../spec/lib/index.ts';

/** Collection of PSU journeys on the authorize pages: key = journey id. */
export const journeysCollection = 'oauth-journeys';

/** Screen timeout: 5 minutes without a submission, on the PSU's clock (contracts §6). */
export const screenTimeoutMs = 5 * 60 * 1000;
/** Wrong one-time codes that end the journey (contracts §6). */
export const maxOtpFailures = 3;

/** Where a journey stands: the page the PSU sees next. */
export type JourneyStep = 'identify' | 'authenticate' | 'consent';

/**
 * One PSU journey through the bank's pages, from `GET /oauth/authorize` to the redirect back to the
 * TPP. Kept in the store so pages survive a restart and work across instances.
 */
export interface Journey {
  readonly id: string;
  readonly institution: string;
  readonly clientId: string;
  readonly tppName: string;
  readonly redirectUri: string;
  readonly state: string | undefined;
  /** The scope requested at authorize (e.g. `aisp`, `cbpii`, `piisp`). */
  readonly scope: string;
  readonly role: Role;
  readonly step: JourneyStep;
  readonly psuId: string | undefined;
  /** The code the PSU must type ("sent by SMS"). */
  readonly otp: string | undefined;
  readonly otpFailures: number;
  /** When the PSU passed strong authentication (ms, PSU clock). */
  readonly authenticatedAt: number | undefined;
  /** Last page submission (ms): base clock before identification, the PSU's clock after. */
  readonly lastActivity: number;
  /** Other authorize parameters (PKCE `code_challenge`, a payment reference, …) for later grants. */
  readonly extra: Readonly<Record<string, string>>;
}

/** Parses a stored journey; undefined for anything else. */
export function parseJourney(value: unknown): Journey | undefined {
  if (!isRecord(value)) return undefined;
  const { id, institution, clientId, tppName, redirectUri, state, scope, step, psuId, otp, otpFailures } =
    value;
  const role = apiRoles.find((r) => r === value.role);
  const strings = [id, institution, clientId, tppName, redirectUri, scope];
  if (!strings.every((s) => typeof s === 'string') || role === undefined) return undefined;
  if (step !== 'identify' && step !== 'authenticate' && step !== 'consent') return undefined;
  if (typeof otpFailures !== 'number' || typeof value.lastActivity !== 'number') return undefined;
  if (!optionalString(state) || !optionalString(psuId) || !optionalString(otp)) return undefined;
  const authenticatedAt = value.authenticatedAt;
  if (authenticatedAt !== undefined && typeof authenticatedAt !== 'number') return undefined;
  const extra: Record<string, string> = {};
  if (isRecord(value.extra)) {
    for (const [key, item] of Object.entries(value.extra)) if (typeof item === 'string') extra[key] = item;
  }
  return {
    id: String(id),
    institution: String(institution),
    clientId: String(clientId),
    tppName: String(tppName),
    redirectUri: String(redirectUri),
    state,
    scope: String(scope),
    role,
    step,
    psuId,
    otp,
    otpFailures,
    authenticatedAt,
    lastActivity: value.lastActivity,
    extra,
  };
}

function optionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === 'string';
}
