import { randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '../clock/clock.ts';
import type { Institution } from '../institutions/institution.ts';
import type { StoreTx } from '../store/index.ts';
import type { PersonaTemplate } from './persona-template.ts';
import { psuIdentifiersCollection, putPsu, type PsuEntry } from './psu-directory.ts';
import { putPsuRecord } from './psu-record.ts';

/** A new PSU cloned from a persona (docs/contracts.md §5, `POST /sandbox/v1/psus`). */
export interface CreatedPsu extends PsuEntry {
  readonly institution: string;
}

function freshIdentifier(institution: Institution): string {
  // Clones use identifiers templates never use: private ones start with 9, professional ones with 9 too.
  if (institution.segment === 'professional') {
    return `9${String(randomInt(0, 100_000)).padStart(5, '0')}-${String(randomInt(1, 100)).padStart(2, '0')}`;
  }
  return `9${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

/**
 * Clones `template` into a fresh PSU at `institution` for the TPP `owner` (its client_id: only that
 * TPP may drive the clone through the sandbox control API): new psuId and identifier, data generated
 * for the base clock's now (or for `at`, where the PSU's clock then starts), no consent, no token, no
 * quota used.
 */
export async function createPsu(
  tx: StoreTx,
  options: {
    template: PersonaTemplate;
    institution: Institution;
    clock: Clock;
    owner: string;
    at?: Date | undefined;
  },
): Promise<CreatedPsu> {
  const { template, institution, clock, owner, at } = options;
  const psuId = `${template.name}-${randomBytes(6).toString('hex')}`;
  let identifier = freshIdentifier(institution);
  while ((await tx.get(psuIdentifiersCollection, `${institution.code}:${identifier}`)) !== undefined) {
    identifier = freshIdentifier(institution);
  }
  const entry: PsuEntry = {
    psuId,
    identifier,
    persona: template.name,
    status: template.subscription,
    owner,
  };
  await putPsu(tx, institution.code, entry);
  const psu = { institution: institution.code, psuId };
  const now = at === undefined ? await clock.psuNow(tx, psu) : await clock.setPsuTime(tx, psu, at);
  await putPsuRecord(tx, {
    institution: institution.code,
    psuId,
    persona: template.name,
    anchor: now.toISOString(),
    states: {},
    bookings: {},
    cardDebits: {},
  });
  return { ...entry, institution: institution.code };
}
