/**
 * A target as the engine uses it: credentials already read (PEM text), paths resolved, defaults set.
 */
import type { Capability, SuiteVersion } from '../suite/suite-definition.ts';

/** TLS client certificate (QWAC) and signing key (QSEAL) of one TPP, as PEM text. */
export interface TppCredentials {
  clientId: string;
  qwac: { cert: string; key: string };
  qseal: { key: string; cert: string | undefined; keyId: string };
  redirectUri: string;
  /** Absolute paths of the QWAC files, when read from files (for curl reproductions). */
  qwacFiles?: { cert: string; key: string };
}

/** One institution code served by the target. */
export interface InstitutionTarget {
  code: string;
  /** PISP confirmation path segment (`confirmation` unless the institution differs). */
  confirmationSegment: string;
  fundsConfirmation: boolean;
  /** Whether the sandbox control API is usable at this institution (when the target has it). */
  sandbox: boolean;
  /** Headers to sign at this institution. */
  signatureHeaders: string[];
  /** The institution's signature freshness check, when it declares one (an option the seed does not ask for). */
  signatureFreshness?: SignatureFreshnessTarget | undefined;
}

/**
 * An institution that refuses a signature dated outside a window of its clock and, with
 * `replayCache`, one it already accepted (rules TRN-SIGNATURE-FRESH, TRN-SIGNATURE-NO-REPLAY).
 */
export interface SignatureFreshnessTarget {
  windowSeconds: number;
  replayCache: boolean;
}

/**
 * The headers to sign at an institution: its policy, plus `date` and `x-request-id` where it checks
 * freshness, so every signature is dated and no two requests (a repeated call within the same second)
 * carry the same one.
 */
export function signingHeaders(
  policy: readonly string[],
  freshness: SignatureFreshnessTarget | undefined,
): string[] {
  if (freshness === undefined) return [...policy];
  return [...policy, ...['date', 'x-request-id'].filter((name) => !policy.includes(name))];
}

/** How a persona goes through the bank's journey pages. */
export type JourneyDriverName = 'http' | 'browser' | 'manual';

/** A PSU persona of the target (contracts §7 names). */
export interface PersonaTarget {
  /** Remote banking identifier; undefined when the sandbox clone supplies it. */
  identifier: string | undefined;
  otp: string | undefined;
  driver: JourneyDriverName;
  /** Institutions where the persona exists (all when undefined). */
  institutions: string[] | undefined;
}

/**
 * The phones of a target's PSUs, where the harness reads the one-time code a live host sent when the
 * target gives a persona none: only an in-process target has them (the selftest's live reference,
 * whose "SMS" is a line of its log). A journey holds the PSU's phone while it runs, so two journeys
 * of one PSU at one institution never read each other's code.
 */
export interface PsuPhones {
  /**
   * Runs `use` while holding the phone of `persona` at `institution`; `lastCode` answers the code
   * most recently sent to it (undefined before any).
   */
  hold<T>(
    psu: { institution: string; persona: string },
    use: (lastCode: () => string | undefined) => Promise<T>,
  ): Promise<T>;
}

/** One step of the bank's journey pages for the browser driver; values are `{{name}}` templates. */
export type BrowserStep =
  | { goto: string }
  | { fill: { selector: string; value: string } }
  | { click: string }
  | { wait: string | number }
  | { expectRedirect: boolean };

/** Everything the engine needs to talk to one host. */
export interface Target {
  name: string;
  /** `https://api-<institution_code>.…`; the host is the TLS SNI and `Host`. */
  baseUrl: string;
  /** Address dialled instead of resolving the host. */
  connect: { host: string; port: number } | undefined;
  /** PEM of the CA trusted for the server certificate (system CAs when undefined). */
  ca: string | undefined;
  /** Absolute path of the `ca` file, when read from one (for curl reproductions). */
  caFile?: string;
  versions: SuiteVersion[];
  institutions: InstitutionTarget[];
  tpp: TppCredentials;
  tpps: Record<string, TppCredentials>;
  personas: Record<string, PersonaTarget>;
  browserSteps: BrowserStep[] | undefined;
  callbackTls: { cert: string; key: string } | undefined;
  capabilities: Capability[];
  /**
   * A live host's view of the sandbox: the sandbox identifiers of the personas, which must not work
   * here (`{{sandboxIdentifier}}` of a case's persona).
   */
  sandboxPersonas: Record<string, { identifier: string }>;
  /** The sandbox's fixed one-time code, which must not authenticate anyone here (`{{sandboxOtp}}`). */
  sandboxOtp: string | undefined;
  /** Where a persona without an `otp` reads the code a live host sent (in-process targets only). */
  psuPhones?: PsuPhones | undefined;
  /**
   * A test CA the bank trusts for QSEAL certificates, with its key (PEM): the harness issues the
   * near-miss QSEALs of `{{qsealNearMiss.<name>}}` under it (docs/certificates.md). Without it those
   * cases are not applicable: a bank's own QA names its own test CA here.
   */
  qsealIssuer?: { certPem: string; keyPem: string } | undefined;
}

/** Headers signed when neither the target nor the institution says otherwise: every policy of the group. */
export const defaultSignatureHeaders: readonly string[] = [
  '(request-target)',
  'date',
  'digest',
  'x-request-id',
];

/** The host of `institution` in the target's base URL. */
export function institutionHost(target: Pick<Target, 'baseUrl'>, institution: string): string {
  return new URL(target.baseUrl.replace('<institution_code>', institution)).host;
}
