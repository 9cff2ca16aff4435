import type { Clock } from '../clock/clock.ts';
import type { Institution } from '../institutions/institution.ts';
import type { Store } from '../store/index.ts';
import { parisDate } from './calendar-date.ts';
import { personaTemplates } from './load-personas.ts';
import type { PersonaTemplate } from './persona-template.ts';
import { getPsu, putPsu } from './psu-directory.ts';
import { getPsuRecord, putPsuRecord } from './psu-record.ts';

/** The identifier a template uses at an institution of the given segment. */
export function templateIdentifier(template: PersonaTemplate, institution: Institution): string {
  return institution.segment === 'professional'
    ? template.identifiers.professional
    : template.identifiers.private;
}

/**
 * Makes every persona template usable as a PSU (psuId = persona name) at the institutions it banks
 * with; run once at start-up.
 *
 * Idempotent across restarts of a durable store: an existing template keeps its data, consents and
 * sandbox changes, unless its data was generated on an earlier Paris day of its clock, in which case
 * the data is regenerated for today so the 90-day history stays full (sandbox changes are dropped).
 */
export async function seedPersonas(
  store: Store,
  institutions: readonly Institution[],
  clock: Clock,
): Promise<void> {
  await store.transaction(async (tx) => {
    for (const template of personaTemplates()) {
      for (const institution of institutions) {
        if (!template.institutions.includes(institution.code)) continue;
        const psu = { institution: institution.code, psuId: template.name };
        const entry = await getPsu(tx, institution.code, template.name);
        if (entry === undefined) {
          await putPsu(tx, institution.code, {
            psuId: template.name,
            identifier: templateIdentifier(template, institution),
            persona: template.name,
            status: template.subscription,
          });
        }
        const now = await clock.psuNow(tx, psu);
        const record = await getPsuRecord(tx, institution.code, template.name);
        if (record !== undefined && parisDate(new Date(record.anchor)) >= parisDate(now)) continue;
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
