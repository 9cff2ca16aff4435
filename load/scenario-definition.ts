/**
 * Load scenarios as the engine and the k6 exporter use them: parsed from `load/scenarios/*.yaml`
 * (schema `load/scenario.schema.json`), defaults set.
 */
import type { ApiVersion, Role } from '../spec/lib/index.ts';
import type { Stage } from './stage-plan.ts';
import type { Threshold } from './threshold.ts';

/** A token request made under load (the OAuth token endpoint, never signed). */
export interface TokenStep {
  kind: 'token';
  /** `refresh`: the PSU's refresh token; `client-credentials`: a PISP first token. */
  grant: 'refresh' | 'client-credentials';
}

/** A signed resource call; its answer may lead to more calls through `_links`. */
export interface RequestStep {
  kind: 'request';
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below `/stet/psd2/<version>`. */
  path: string;
  /** JSON body whose strings may hold `{{uuid}}`, `{{iban}}`, `{{now}}`. */
  body: unknown;
  /** Statuses that count as success (a quota refusal is counted apart, not here). */
  expect: number[];
  /** Link names followed with a GET, in the answer and in each element of its top-level arrays. */
  follow: string[];
}

/** One step of a scenario. */
export type ScenarioStep = TokenStep | RequestStep;

/** A scenario of one TPP role. */
export interface SingleScenario {
  kind: 'single';
  name: string;
  title: string;
  file: string;
  role: Role;
  persona: string;
  /** Undefined: the newest version of the target that offers the role. */
  version: ApiVersion | undefined;
  /** AISP: consent every account for balances and transactions before the load. */
  consent: boolean;
  /** Send `PSU-IP-Address`: quotas do not apply. Without it every call is a batch access. */
  psuConnected: boolean;
  psus: number;
  connections: number | undefined;
  rate: number | undefined;
  /** Ramping arrival rate per institution instead of `rate`; the scenario lasts as long as they do. */
  stages?: Stage[] | undefined;
  institutions: string[] | undefined;
  steps: ScenarioStep[];
  thresholds: Threshold[];
}

/** One scenario of a mix with its arrival rate or connections. */
export interface MixPart {
  scenario: SingleScenario;
  rate: number | undefined;
  /** Ramping stages instead of `rate`. */
  stages: Stage[] | undefined;
  connections: number | undefined;
}

/** Several scenarios at once, each with its own arrival rate. */
export interface MixScenario {
  kind: 'mix';
  name: string;
  title: string;
  file: string;
  parts: MixPart[];
  thresholds: Threshold[];
}

/** Any scenario. */
export type Scenario = SingleScenario | MixScenario;

/** The single scenarios a scenario runs (itself, or the parts of a mix). */
export function partsOf(scenario: Scenario): MixPart[] {
  return scenario.kind === 'mix'
    ? scenario.parts
    : [{ scenario, rate: scenario.rate, stages: scenario.stages, connections: scenario.connections }];
}
