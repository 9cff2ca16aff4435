/**
 * `stet-harness load --export-k6`: the same scenario as a k6 script, one k6 scenario per load
 * scenario and institution, with the scenario's thresholds.
 */
import { institutionHost, type Target } from '../../harness/index.ts';
import { versionProfile, type ApiVersion } from '../../spec/lib/index.ts';
import { partsOf, type Scenario } from '../scenario-definition.ts';
import type { Threshold } from '../threshold.ts';
import { k6Endpoints } from './k6-endpoints.ts';
import type { K6Part, K6Plan, K6Step } from './k6-plan.ts';
import { k6Script } from './k6-script.ts';
import { k6Thresholds } from './k6-thresholds.ts';
import { chooseInstitutions, chooseVersion } from '../load-plan.ts';

/** Consent fields read by the load (every account); flags are false, other lists empty. */
const consentedLists = ['balances', 'transactions'];
const flagFields = ['trustedBeneficiaries', 'psuIdentity'];

/** Options of {@link exportK6}. */
export interface ExportK6Options {
  scenario: Scenario;
  target: Target;
  durationMs: number;
  rate?: number | undefined;
  connections?: number | undefined;
  thresholds: readonly Threshold[];
  institutions?: string[] | undefined;
  /** Address the script dials by default (k6 `hosts`); the target's `connect` when undefined. */
  connect?: string | undefined;
}

/** The k6 script of a scenario against a target. */
export function exportK6(options: ExportK6Options): string {
  return k6Script(k6PlanOf(options), k6Thresholds(options.thresholds));
}

/** The plan a k6 script of the scenario embeds. */
export function k6PlanOf(options: ExportK6Options): K6Plan {
  const { target } = options;
  const parts: K6Part[] = [];
  const versions: ApiVersion[] = [];
  for (const part of partsOf(options.scenario)) {
    const scenario = part.scenario;
    const version = chooseVersion(scenario, target);
    versions.push(version);
    const profile = versionProfile(version);
    const refreshes = scenario.steps.some((s) => s.kind === 'token' && s.grant === 'refresh');
    const needs: K6Part['needs'] = scenario.role === 'pisp' ? [] : [scenario.role];
    const psus = needs.length === 0 ? 0 : scenario.psus;
    const vus = options.connections ?? part.connections ?? Math.max(1, psus);
    const rate = options.rate ?? part.rate;
    // `--rate` holds the rate constant, as in the engine.
    const stages = options.rate === undefined ? part.stages : undefined;
    for (const institution of chooseInstitutions(scenario, target, version, options.institutions)) {
      const steps: K6Step[] = scenario.steps.map((step) =>
        step.kind === 'token'
          ? step
          : {
              kind: 'request',
              method: step.method,
              path: `/stet/psd2/${version}${step.path}`,
              body: step.body ?? null,
              expect: step.expect,
              follow: step.follow,
              token: scenario.role === 'pisp' ? 'first' : scenario.role,
              psuConnected: scenario.psuConnected,
            },
      );
      parts.push({
        name: `${scenario.name}-${institution.code}`,
        institution: institution.code,
        host: institutionHost(target, institution.code),
        version,
        needs,
        persona: scenario.persona,
        psus,
        ...(scenario.role === 'aisp' && scenario.consent
          ? {
              consent: {
                lists: profile.consentFields.filter((f) => consentedLists.includes(f)),
                flags: profile.consentFields.filter((f) => flagFields.includes(f)),
                empty: profile.consentFields.filter(
                  (f) => !consentedLists.includes(f) && !flagFields.includes(f),
                ),
              },
            }
          : {}),
        ...(scenario.role === 'cbpii' && profile.cbpiiScope !== null
          ? { cbpiiScope: profile.cbpiiScope }
          : {}),
        signatureHeaders: institution.signatureHeaders,
        // A refresh revokes the PSU's previous set: one VU per PSU, as one connection per PSU here.
        executor: refreshes
          ? { kind: 'vus', vus: Math.max(1, psus) }
          : stages !== undefined
            ? { kind: 'stages', stages, vus }
            : rate === undefined
              ? { kind: 'vus', vus }
              : { kind: 'rate', rate, vus },
        steps,
      });
    }
  }
  const connect =
    options.connect ??
    (target.connect === undefined ? undefined : `${target.connect.host}:${target.connect.port}`);
  return {
    source: `scenario ${options.scenario.name} (${options.scenario.title})`,
    clientId: target.tpp.clientId,
    keyId: target.tpp.qseal.keyId,
    redirectUri: target.tpp.redirectUri,
    ...(connect === undefined ? {} : { connect }),
    durationMs: options.durationMs,
    parts,
    endpoints: k6Endpoints(versions),
  };
}
