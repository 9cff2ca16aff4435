/**
 * Where a scenario runs on a target: its API version and its institutions, for the load engine and
 * the k6 exporter alike.
 */
import type { InstitutionTarget, Target } from '../harness/index.ts';
import { versionProfile, type ApiVersion } from '../spec/lib/index.ts';
import { LoadError } from './load-error.ts';
import type { SingleScenario } from './scenario-definition.ts';

/** The scenario's version, or the newest one of the target that offers the role. */
export function chooseVersion(scenario: SingleScenario, target: Target): ApiVersion {
  const offers = (v: ApiVersion): boolean => scenario.role !== 'cbpii' || versionProfile(v).fundsConfirmation;
  if (scenario.version !== undefined) {
    if (!target.versions.includes(scenario.version)) {
      throw new LoadError(
        'ERR_LOAD_OPTION',
        `${target.name} does not serve ${scenario.version} (${scenario.name})`,
        {
          hint: `it serves ${target.versions.join(', ')}`,
        },
      );
    }
    return scenario.version;
  }
  const version = [...target.versions].reverse().find(offers);
  if (version === undefined) {
    throw new LoadError('ERR_LOAD_OPTION', `${target.name} serves no version offering ${scenario.role}`, {
      hint: 'give the scenario another version, or drop it from the mix',
    });
  }
  return version;
}

/** The institutions of the target the scenario runs at (CBPII: those offering funds confirmation). */
export function chooseInstitutions(
  scenario: SingleScenario,
  target: Target,
  version: ApiVersion,
  only: string[] | undefined,
): InstitutionTarget[] {
  const wanted = only ?? scenario.institutions;
  for (const code of wanted ?? []) {
    if (!target.institutions.some((i) => i.code === code)) {
      throw new LoadError('ERR_LOAD_OPTION', `${target.name} has no institution ${code}`, {
        hint: `its institutions: ${target.institutions.map((i) => i.code).join(', ')}`,
      });
    }
  }
  const fundsConfirmation = versionProfile(version).fundsConfirmation;
  return target.institutions.filter(
    (i) =>
      (wanted === undefined || wanted.includes(i.code)) &&
      (scenario.role !== 'cbpii' || (fundsConfirmation && i.fundsConfirmation)),
  );
}
