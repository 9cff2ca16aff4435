/**
 * Whether a case can run at an institution of a target, and if not, why: a case needing what the
 * target lacks is reported `not-applicable` with the reason, never silently passed.
 */
import type { CaseDefinition } from '../suite/suite-definition.ts';
import type { InstitutionTarget, Target } from '../targets/target-definition.ts';

/** The reason the case cannot run here, or undefined when it can. */
export function notApplicableReason(
  definition: CaseDefinition,
  institution: InstitutionTarget,
  target: Target,
): string | undefined {
  const given = definition.given;
  for (const need of given.needs) {
    if (need === 'sandbox' && !institution.sandbox)
      return `target lacks capability sandbox at institution ${institution.code}`;
  }
  if (given.institutions !== undefined && !given.institutions.includes(institution.code)) {
    return `case runs only at institution ${given.institutions.join(', ')}`;
  }
  if (
    given.features.fundsConfirmation !== undefined &&
    given.features.fundsConfirmation !== institution.fundsConfirmation
  ) {
    return `institution ${institution.code} ${institution.fundsConfirmation ? 'offers' : 'does not offer'} funds confirmation`;
  }
  if (given.tpp !== undefined && target.tpps[given.tpp] === undefined)
    return `target has no alternate TPP ${given.tpp}`;
  const persona = target.personas[given.persona];
  if (!institution.sandbox && persona === undefined) return `target has no persona ${given.persona}`;
  if (persona?.institutions !== undefined && !persona.institutions.includes(institution.code)) {
    return `persona ${given.persona} does not exist at institution ${institution.code}`;
  }
  return undefined;
}
