import type { StoreTx } from '../store/index.ts';
import { parseStoredConsent, type Consent } from './consent.ts';

/** Collection of recorded consents, key `<institution>:<psuId>:<clientId>`. */
export const consentsCollection = 'ais-consents';

/** Who a consent binds: one PSU at one institution and one AISP. */
export interface ConsentKey {
  readonly institution: string;
  readonly psuId: string;
  readonly clientId: string;
}

function keyOf(key: ConsentKey): string {
  return `${key.institution}:${key.psuId}:${key.clientId}`;
}

/** The latest consent, or undefined when the PSU never consented to this AISP. */
export async function getConsent(tx: StoreTx, key: ConsentKey): Promise<Consent | undefined> {
  return parseStoredConsent(await tx.get(consentsCollection, keyOf(key)));
}

/** Records `consent`, replacing the previous one whole (seed: cancel and replace). */
export async function putConsent(tx: StoreTx, key: ConsentKey, consent: Consent): Promise<void> {
  await tx.put(consentsCollection, keyOf(key), consent);
}

/** Forgets every consent of a PSU, for every AISP (sandbox reset). */
export async function deletePsuConsents(tx: StoreTx, institution: string, psuId: string): Promise<void> {
  for (const { key } of await tx.list(consentsCollection, `${institution}:${psuId}:`)) {
    await tx.delete(consentsCollection, key);
  }
}
