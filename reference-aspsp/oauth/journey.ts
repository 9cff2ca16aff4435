import type { JSONSchemaType } from 'ajv';
import { storedGuard } from '../store/index.ts';
import { apiRoles } from '../lib/api-roles.ts';
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

const text = { type: 'string' } as const;
const optionalText = { type: 'string', nullable: true } as const;

/** What a stored journey must be: the store keeps JSON written by this or an older version. */
const journeySchema: JSONSchemaType<Journey> = {
  type: 'object',
  required: [
    'id',
    'institution',
    'clientId',
    'tppName',
    'redirectUri',
    'scope',
    'role',
    'step',
    'otpFailures',
    'lastActivity',
    'extra',
  ],
  properties: {
    id: text,
    institution: text,
    clientId: text,
    tppName: text,
    redirectUri: text,
    state: optionalText,
    scope: text,
    role: { type: 'string', enum: [...apiRoles] },
    step: { type: 'string', enum: ['identify', 'authenticate', 'consent'] },
    psuId: optionalText,
    otp: optionalText,
    otpFailures: { type: 'number' },
    authenticatedAt: { type: 'number', nullable: true },
    lastActivity: { type: 'number' },
    extra: { type: 'object', required: [], additionalProperties: text },
  },
};

const isJourney = storedGuard(journeySchema);

/** Parses a stored journey; undefined for anything else. */
export function parseJourney(value: unknown): Journey | undefined {
  return isJourney(value) ? value : undefined;
}
