/**
 * Whether a case can run at an institution of a target, and if not, why: a case needing what the
 * target lacks is reported `not-applicable` with the reason, never silently passed.
 */
import { versionStatus } from '../../spec/lib/index.ts';
import { caseTypesPsuCode, caseUsesStep } from '../suite/case-steps.ts';
import type { CaseDefinition, SuiteVersion } from '../suite/suite-definition.ts';
import type { InstitutionTarget, Target } from '../targets/target-definition.ts';
import { expectedText } from '../versions/judge-version.ts';
import type { TargetCalendar } from '../versions/target-calendar.ts';
import { nearMissOfRef, templateRefs } from '../suite/template.ts';
import { isSignatureWindowDate } from './signature-window.ts';

/** One cell of the matrix, as far as applicability is concerned. */
export interface ApplicabilityCell {
  definition: CaseDefinition;
  institution: InstitutionTarget;
  version: SuiteVersion;
}

/** What the run knows of the target. */
export interface ApplicabilityContext {
  target: Target;
  calendar: TargetCalendar;
}

/** The reason the case cannot run here, or undefined when it can. */
export function notApplicableReason(
  cell: ApplicabilityCell,
  context: ApplicabilityContext,
): string | undefined {
  const { definition, institution, version } = cell;
  const { target } = context;
  const given = definition.given;
  for (const need of given.needs) {
    if (need === 'sandbox' && !institution.sandbox)
      return `target lacks capability sandbox at institution ${institution.code}`;
    // Only a live host can show that the sandbox's data does not work there; a sandbox passing proves nothing.
    if (need === 'live' && !target.capabilities.includes('live'))
      return 'target is not a live host (capability live): sandbox data can only be refused by a live host';
  }
  const refs = builtinsUsed(definition);
  if (refs.has('sandboxIdentifier') && target.sandboxPersonas[given.persona] === undefined)
    return `target names no sandbox identifier of persona ${given.persona} (sandboxPersonas)`;
  if (refs.has('sandboxOtp') && target.sandboxOtp === undefined)
    return 'target names no fixed sandbox code (sandboxOtp)';
  if (given.institutions !== undefined && !given.institutions.includes(institution.code)) {
    return `case runs only at institution ${given.institutions.join(', ')}`;
  }
  if (
    given.features.fundsConfirmation !== undefined &&
    given.features.fundsConfirmation !== institution.fundsConfirmation
  ) {
    return `institution ${institution.code} ${institution.fundsConfirmation ? 'offers' : 'does not offer'} funds confirmation`;
  }
  const freshness = freshnessReason(given.features, institution);
  if (freshness !== undefined) return freshness;
  if ([...refs].some(isSignatureWindowDate) && institution.signatureFreshness === undefined)
    return `the target declares no signature freshness window at institution ${institution.code} (signatureFreshness)`;
  if (given.tpp !== undefined && target.tpps[given.tpp] === undefined)
    return `target has no alternate TPP ${given.tpp}`;
  // The QSEAL certificate is optional in a target file; cases sending it (registration) need it.
  const caseTpp = given.tpp === undefined ? target.tpp : target.tpps[given.tpp];
  if (
    (refs.has('qsealX5c') || refs.has('qsealFingerprint')) &&
    caseTpp !== undefined &&
    caseTpp.qseal.cert === undefined
  ) {
    const where = given.tpp === undefined ? 'tpp.qseal.cert' : `tpps.${given.tpp}.qseal.cert`;
    return `the target gives no QSEAL certificate for TPP ${caseTpp.clientId} (${where})`;
  }
  // Near-miss QSEALs are issued by a CA the bank trusts, with the case TPP's seal key and identity.
  if ([...refs].some((ref) => nearMissOfRef(ref) !== undefined)) {
    if (target.qsealIssuer === undefined)
      return 'the target names no CA to issue near-miss QSEALs under (qsealIssuer)';
    if (caseTpp?.qseal.cert === undefined)
      return `the target gives no QSEAL certificate of the case TPP to issue near misses of`;
  }
  const persona = target.personas[given.persona];
  if (!institution.sandbox && persona === undefined) return `target has no persona ${given.persona}`;
  if (persona?.institutions !== undefined && !persona.institutions.includes(institution.code)) {
    return `persona ${given.persona} does not exist at institution ${institution.code}`;
  }
  // Past strong authentication the PSU types its code: a sandbox clone carries it, else the target
  // gives it, a person types it (manual driver) or the harness reads it on the PSU's phone.
  if (
    !institution.sandbox &&
    persona !== undefined &&
    persona.otp === undefined &&
    persona.driver !== 'manual' &&
    target.psuPhones === undefined &&
    (given.login || caseTypesPsuCode(definition))
  ) {
    return `target gives persona ${given.persona} no one-time code (otp) and cannot read the one the host sends`;
  }
  if (caseUsesStep(definition, 'calendar')) {
    const status = versionStatus(context.calendar.calendar, version, context.calendar.day);
    // The calendar says nothing of a version before it goes live: judging it would be a guess.
    if (status.state === 'upcoming')
      return `${version} is not live on ${context.calendar.day}: ${expectedText(status)}`;
  }
  return undefined;
}

/** Why a case's signature features (freshness, digest) do not match what the target declares of the institution. */
function freshnessReason(
  features: CaseDefinition['given']['features'],
  institution: InstitutionTarget,
): string | undefined {
  const declared = institution.signatureFreshness;
  const wanted: Array<[boolean | undefined, boolean, string]> = [
    [features.signatureFreshness, declared !== undefined, 'signature freshness (signatureFreshness)'],
    [
      features.signatureReplayCache,
      declared?.replayCache === true,
      'signature replay cache (signatureFreshness.replayCache)',
    ],
    [
      features.digestSigned,
      institution.signatureHeaders.includes('digest'),
      'digest among the signed headers',
    ],
  ];
  for (const [needed, has, what] of wanted) {
    if (needed !== undefined && needed !== has)
      return `the target ${has ? 'declares' : 'declares no'} ${what} at institution ${institution.code}`;
  }
  return undefined;
}

const builtinsOfCase = new WeakMap<CaseDefinition, ReadonlySet<string>>();

/** The `{{name}}` references of a case's steps (computed once per case). */
export function builtinsUsed(definition: CaseDefinition): ReadonlySet<string> {
  let refs = builtinsOfCase.get(definition);
  if (refs === undefined) {
    const found = new Set<string>();
    const walk = (value: unknown): void => {
      if (typeof value === 'string') for (const ref of templateRefs(value)) found.add(ref);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
    };
    walk(definition.steps);
    refs = found;
    builtinsOfCase.set(definition, refs);
  }
  return refs;
}
