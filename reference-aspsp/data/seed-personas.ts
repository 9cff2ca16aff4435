import type { Clock } from '../clock/clock.ts';
import type { ServerMode } from '../server/request-context.ts';
import type { Institution } from '../institutions/institution.ts';
import type { Store } from '../store/index.ts';
import { parisDay } from '../../spec/lib/index.ts';
import { personaTemplates } from './load-personas.ts';
import type { PersonaTemplate } from './persona-template.ts';
import { getPsu, psuIdentifiersCollection, putPsu } from './psu-directory.ts';
import { getPsuRecord, putPsuRecord } from './psu-record.ts';

/**
 * The identifier a template uses at an institution of the given segment: its sandbox identifier, or in
 * live mode its live one (the sandbox's persona data cannot be used in live).
 */
export function templateIdentifier(
  template: PersonaTemplate,
  institution: Institution,
  mode: ServerMode = 'sandbox',
): string {
  const identifiers = mode === 'live' ? template.liveIdentifiers : template.identifiers;
  return institution.segment === 'professional' ? identifiers.professional : identifiers.private;
}

/**
 * Makes every persona template usable as a PSU (psuId = persona name) at the institutions it banks
 * with, under the identifier of the mode; run once at start-up.
 *
 * A durable store started in the other mode before gets the template's identifier of this mode, and
 * the other one is dropped from the index, so a sandbox identifier never identifies on a live host.
 *
 * Idempotent across restarts of a durable store: an existing template keeps its data, consents and
 * sandbox changes, unless its data was generated on an earlier Paris day of its clock, in which case
 * the data is regenerated for today so the 90-day history stays full (sandbox changes are dropped).
 */
export async function seedPersonas(
  store: Store,
  institutions: readonly Institution[],
  clock: Clock,
  mode: ServerMode = 'sandbox',
): Promise<void> {
  await store.transaction(async (tx) => {
    for (const template of personaTemplates()) {
      for (const institution of institutions) {
        if (!template.institutions.includes(institution.code)) continue;
        const psu = { institution: institution.code, psuId: template.name };
        const entry = await getPsu(tx, institution.code, template.name);
        const identifier = templateIdentifier(template, institution, mode);
        if (entry?.identifier !== identifier) {
          if (entry !== undefined)
            await tx.delete(psuIdentifiersCollection, `${institution.code}:${entry.identifier}`);
          await putPsu(tx, institution.code, {
            psuId: template.name,
            identifier,
            persona: template.name,
            status: template.subscription,
          });
        }
        const now = await clock.psuNow(tx, psu);
        const record = await getPsuRecord(tx, institution.code, template.name);
        if (record !== undefined && parisDay(new Date(record.anchor)) >= parisDay(now)) continue;
        await putPsuRecord(tx, {
          ...psu,
          persona: template.name,
          anchor: now.toISOString(),
          states: {},
          bookings: {},
          cardDebits: {},
        });
      }
    }
  });
}
