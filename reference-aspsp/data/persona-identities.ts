/**
 * Where each persona template is a PSU and under which identifier in each mode: the sandbox
 * identifier (mode sandbox) and the live one (mode live), for tools that describe the reference as a
 * target (the selftest's live target names the live PSUs and the sandbox data they must refuse).
 */
import type { Institution } from '../institutions/institution.ts';
import { personaTemplates } from './load-personas.ts';
import { templateIdentifier } from './seed-personas.ts';

/** One persona template at one institution. */
export interface PersonaIdentity {
  readonly persona: string;
  readonly institution: string;
  readonly sandboxIdentifier: string;
  readonly liveIdentifier: string;
  /** False when the remote banking subscription is terminated (identification answers IPSU). */
  readonly active: boolean;
}

/** Every persona at every institution of `institutions` it banks with, in template order. */
export function personaIdentities(institutions: readonly Institution[]): PersonaIdentity[] {
  return personaTemplates().flatMap((template) =>
    institutions
      .filter((institution) => template.institutions.includes(institution.code))
      .map((institution) => ({
        persona: template.name,
        institution: institution.code,
        sandboxIdentifier: templateIdentifier(template, institution, 'sandbox'),
        liveIdentifier: templateIdentifier(template, institution, 'live'),
        active: template.subscription === 'active',
      })),
  );
}
