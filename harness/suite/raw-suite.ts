/**
 * The suite file as written (after schema validation, before normalisation): shorthands allowed,
 * defaults absent. Mirrors `suite.schema.json`; only the loader uses it.
 */
import type {
  AccountSelector,
  Capability,
  Check,
  JourneyOutcome,
  Grant,
  InstitutionFeatures,
  SandboxActionName,
  SuiteRole,
  SuiteVersion,
} from './suite-definition.ts';

/** A suite file as written. */
export interface RawSuite {
  suite: string;
  title: string;
  versions: SuiteVersion[];
  roles: SuiteRole[];
  tags?: string[];
  cases: RawCase[];
}

/** A case as written. */
export interface RawCase {
  id: string;
  title: string;
  rules: string[];
  tags?: string[];
  versions?: SuiteVersion[];
  given?: RawGiven;
  steps: RawStep[];
}

/** Preconditions as written. */
export interface RawGiven {
  persona?: string;
  role?: SuiteRole;
  tpp?: string;
  login?: boolean;
  consent?: {
    balances?: AccountSelector[];
    transactions?: AccountSelector[];
    overdrafts?: AccountSelector[];
    owners?: AccountSelector[];
    psuIdentity?: boolean;
    trustedBeneficiaries?: boolean;
  };
  clock?: { travel?: string; at?: string };
  needs?: Capability[];
  institutions?: string[];
  features?: InstitutionFeatures;
}

/** A step as written: exactly one action key. */
export interface RawStep {
  name?: string;
  versions?: SuiteVersion[];
  rules?: string[];
  request?: RawRequest;
  journey?: JourneyOutcome | RawJourney;
  token?: Grant | RawToken;
  sandbox?: 'reset' | 'revoke-tokens' | RawSandbox;
  calendar?: 'check';
  repeat?: { times: number; steps: RawStep[] };
  expect?: RawExpect;
  capture?: Record<string, { json?: string; header?: string; query?: string; sent?: string }>;
}

/** A request as written. */
export interface RawRequest {
  method?: string;
  path?: string;
  link?: string;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  body?: unknown;
  contentType?: string;
  auth?: 'token' | 'none';
  token?: string;
  withoutPsuIp?: boolean;
  unsigned?: boolean;
  badSignature?: boolean;
  badDigest?: boolean;
  noDigest?: boolean;
  noClientCertificate?: boolean;
  tpp?: string;
  host?: string;
  signature?: { headers?: string[]; keyId?: string; algorithm?: string };
}

/** A journey as written (object form). */
export interface RawJourney {
  outcome: JourneyOutcome;
  loginHint?: boolean;
  scope?: string;
  link?: string;
  redirectUri?: string;
  clientId?: string;
  account?: string;
  otp?: string;
}

/** A token step as written (object form). */
export interface RawToken {
  grant: Grant;
  code?: string;
  refreshToken?: string;
  redirectUri?: string;
  clientId?: string;
  codeVerifier?: string;
  scope?: string;
  fallback?: boolean;
  form?: Record<string, string>;
  keep?: boolean;
}

/** A sandbox step as written (object form). */
export interface RawSandbox {
  action: SandboxActionName;
  by?: string;
  at?: string;
  account?: string;
  token?: 'access' | 'refresh';
}

/** Links check as written. */
export interface RawLinks {
  at?: string;
  present?: string[];
  absent?: string[];
}

/** Expectations as written. */
export interface RawExpect {
  status?: number | number[];
  error?: string;
  headers?: Record<string, string | Check>;
  schema?: string;
  text?: Check;
  json?: Array<Check & { path: string }>;
  every?: Array<Check & { path: string }>;
  links?: RawLinks | RawLinks[];
  pageFields?: { present?: string[]; absent?: string[] };
}
