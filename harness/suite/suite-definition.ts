/**
 * Parsed suites as plain, serialisable data: what a suite says, never how it runs.
 *
 * The runner (`harness/runner/`) holds the code that executes these definitions, as mockttp keeps
 * its rule definitions apart from their implementations. Every node keeps `at` (`file:line:col`) so a
 * failure or a load error can point back at the YAML. The names of the language (versions, roles,
 * grants, checks…) are the generated types of its schema.
 */
import type { ApiVersion } from '../../spec/lib/index.ts';
import type {
  RawAccountSelector,
  RawCapability,
  RawCheck,
  RawGrant,
  RawJourneyOutcome,
  RawPathCheck,
  RawRole,
  RawSandbox,
} from './suite-schema.generated.ts';

/** An API version of the seed: `spec/lib` ApiVersion, generated from spec/versions.yaml. */
export type SuiteVersion = ApiVersion;

/** A PSD2 role (matches `spec/lib` Role). */
export type SuiteRole = RawRole;

/**
 * A capability a target may offer (contracts §9): `sandbox`, the control API of contracts §5; `live`,
 * a live host (production behaviour), where the sandbox's personas and fixed code must not work.
 */
export type Capability = RawCapability;

/** One suite file. */
export interface SuiteDefinition {
  suite: string;
  title: string;
  file: string;
  versions: SuiteVersion[];
  roles: SuiteRole[];
  tags: string[];
  cases: CaseDefinition[];
}

/** One case: the rules it checks, its preconditions, its steps. */
export interface CaseDefinition {
  id: string;
  title: string;
  at: string;
  rules: string[];
  tags: string[];
  /** Versions this case runs for (the suite's when the case names none). */
  versions: SuiteVersion[];
  given: Given;
  steps: StepDefinition[];
}

/** Account selector of the consent shorthand. */
export type AccountSelector = RawAccountSelector;

/** The consent shorthand: lists of selectors over the unconsented account list. */
export interface ConsentShorthand {
  balances: AccountSelector[];
  transactions: AccountSelector[];
  overdrafts: AccountSelector[];
  owners: AccountSelector[];
  psuIdentity: boolean;
  trustedBeneficiaries: boolean;
}

/** Preconditions of a case. */
export interface Given {
  persona: string;
  role: SuiteRole;
  /** Alternate TPP name (target `tpps:`), or undefined for the main TPP. */
  tpp: string | undefined;
  /** Log in (journey + exchange) before the steps; implied by `consent`. */
  login: boolean;
  consent: ConsentShorthand | undefined;
  clock: { travel: string } | { at: string } | undefined;
  needs: Capability[];
  /** Institutions the case applies to (all when undefined). */
  institutions: string[] | undefined;
  features: InstitutionFeatures;
}

/**
 * Institution features a case needs (`true`) or needs absent (`false`); at any other institution it
 * is not applicable. `signatureFreshness` and `signatureReplayCache` are what the target declares of
 * the institution (its `signatureFreshness`, with `replayCache`); `digestSigned`, whether its
 * `signatureHeaders` hold `digest`.
 */
export interface InstitutionFeatures {
  fundsConfirmation?: boolean;
  signatureFreshness?: boolean;
  signatureReplayCache?: boolean;
  digestSigned?: boolean;
}

/** A check on one value (or on the set of values a JSONPath selects: exists and counts). */
export type Check = RawCheck;

/** A check on the values at a JSONPath. */
export type PathCheck = RawPathCheck;

/** Presence and absence of `_links` relations on the object(s) at `at`. */
export interface LinksCheck {
  at: string;
  present: string[];
  absent: string[];
  /** The rule this check is judged by, instead of its default (harness/suite/expectation-rules.ts). */
  rule?: string;
}

/** The single-valued assertions of a step that may name their own rule (`expect.rules`). */
export type ScalarAssertion = 'status' | 'error' | 'schema' | 'text' | 'pageFields' | 'outcome';

/** Expectations on a step's response. Each failure carries expected and actual. */
export interface Expectations {
  status?: number[];
  error?: string;
  headers: Record<string, Check>;
  schema?: string;
  /** A check on the raw body text (HTML journey pages carry no JSON). */
  text?: Check;
  json: PathCheck[];
  every: PathCheck[];
  links: LinksCheck[];
  /**
   * Form field names the journey's pages showed (`identifier`, `otp`, `decision`, `account`): which
   * screens the bank put in front of the PSU. Journey steps only.
   */
  pageFields?: { present: string[]; absent: string[] };
  /**
   * The rule each single-valued assertion is judged by when the suite names it (`expect.rules`);
   * `outcome` is what the step's action itself had to reach (a journey's callback, a link to follow).
   */
  rules: Partial<Record<ScalarAssertion, string>>;
}

/**
 * Where a capture takes its value from: the response (`json`, `header`, `query` of its Location or of
 * a journey's callback, `form: 'action'` the action of an HTML page's first form — a journey page's
 * address, so a case can show or post to the bank's pages one by one) or the request the step sent
 * (`sent`: one of its headers, e.g. x-request-id, so a broken echo fails only the rule about echoing).
 */
export type CaptureSource = (
  | {
      json: string;
      /** Every value the path selects, as a list (a page's ids), instead of the first. */
      all?: true;
    }
  | { header: string }
  | { query: string }
  | { sent: string }
  | { form: 'action' }
) & {
  /** The rule a capture that finds nothing fails, instead of its default (expectation-rules.ts). */
  rule?: string;
};

/** HTTP request step. */
export interface RequestAction {
  kind: 'request';
  method: string;
  /** Templated path, or undefined when following a link. */
  path: string | undefined;
  /** Capture name of a `_links` href to follow. */
  link: string | undefined;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  /** Raw body bytes (`bodyBase64`), sent instead of `body`. */
  bodyBytes: Uint8Array | undefined;
  /** Send the body chunked (Transfer-Encoding: chunked, no Content-Length). */
  chunked: boolean;
  contentType: string | undefined;
  auth: 'token' | 'none';
  token: string | undefined;
  withoutPsuIp: boolean;
  unsigned: boolean;
  badSignature: boolean;
  badDigest: boolean;
  /** Send no Digest header at all (signed otherwise as the policy asks, without `digest`). */
  noDigest: boolean;
  noClientCertificate: boolean;
  tpp: string | undefined;
  host: string | undefined;
  /** TLS SNI name template to send instead of the Host's. */
  sni: string | undefined;
  /** Header lines (templates) sent after the request's own, unsigned: a header sent twice. */
  duplicateHeaders: Record<string, string>;
  /** How to sign differently from the institution policy (transport cases). */
  signature: SignatureOverride | undefined;
}

/**
 * A request signed on purpose otherwise than the institution policy asks: still a valid rsa-sha256
 * signature with the TPP's QSEAL, so only the deviation itself can make the bank refuse it.
 */
export interface SignatureOverride {
  /** Sign exactly these headers, in this order (no policy or `psu-*` header added). */
  headers: string[] | undefined;
  /** keyId template to send instead of the TPP's. */
  keyId: string | undefined;
  /** algorithm label to send instead of `rsa-sha256`. */
  algorithm: string | undefined;
  /** `created` parameter template (Unix seconds), for a signature covering `(created)`. */
  created: string | undefined;
  /** `expires` parameter template (Unix seconds), for a signature covering `(expires)`. */
  expires: string | undefined;
  /**
   * The header's text around the computed parts (`harness/client/signature-format.ts`): a template whose
   * `<keyId>`, `<signature>`… slots the signer fills, checked when the suite loads.
   */
  format: string | undefined;
}

/** Outcomes a PSU journey can be driven to. */
export type JourneyOutcome = RawJourneyOutcome;

/** PSU journey step (authorize pages, then the callback). */
export interface JourneyAction {
  kind: 'journey';
  outcome: JourneyOutcome;
  loginHint: boolean;
  scope: string | undefined;
  link: string | undefined;
  redirectUri: string | undefined;
  clientId: string | undefined;
  /** PISP account choice (templated IBAN); the first offered account when undefined. */
  account: string | undefined;
  /** The one-time code the PSU types (templated, e.g. `{{sandboxOtp}}`); its own code when undefined. */
  otp: string | undefined;
  /** An alternate TPP of the target (`tpps:`) whose client_id and redirect_uri the journey uses. */
  tpp: string | undefined;
}

/** Grant types of the token step. */
export type Grant = RawGrant;

/** Token endpoint step. */
export interface TokenAction {
  kind: 'token';
  grant: Grant;
  code: string | undefined;
  refreshToken: string | undefined;
  redirectUri: string | undefined;
  clientId: string | undefined;
  codeVerifier: string | undefined;
  scope: string | undefined;
  fallback: boolean;
  form: Record<string, string>;
  keep: boolean;
  /** An alternate TPP of the target (`tpps:`) that asks for the token, over its own QWAC. */
  tpp: string | undefined;
}

/** Sandbox control actions (contracts §5). */
export type SandboxActionName = Extract<RawSandbox, object>['action'];

/** Sandbox control step. */
export interface SandboxAction {
  kind: 'sandbox';
  action: SandboxActionName;
  by: string | undefined;
  at: string | undefined;
  account: string | undefined;
  /** `revoke-token`: which token of the PSU's current set to revoke. */
  token: 'access' | 'refresh' | undefined;
}

/**
 * Version calendar step: probes the case's version at the institution and judges it against the
 * calendar the target is held to, on the target's day (seed: Versioning, T0 + 3 months).
 */
export interface CalendarAction {
  kind: 'calendar';
  /** `version`: the case's version at the institution (`calendar: check`); `former-host`: the former live host form. */
  probe: 'version' | 'former-host';
}

/** Repeat a block of steps. */
export interface RepeatAction {
  kind: 'repeat';
  times: number;
  steps: StepDefinition[];
}

/** One step: an action, its expectations and its captures. */
export interface StepDefinition {
  name: string;
  at: string;
  /** Versions the step runs at (every version of the case when undefined). */
  versions?: SuiteVersion[];
  /**
   * The rules of the case this step's expectations check (all of the case's when undefined): when the
   * step fails and every one of them is a `choice` rule, the finding is advisory.
   */
  rules?: string[];
  action: RequestAction | JourneyAction | TokenAction | SandboxAction | CalendarAction | RepeatAction;
  expect: Expectations;
  capture: Record<string, CaptureSource>;
}
