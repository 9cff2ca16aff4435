import type { JSONSchemaType } from 'ajv';
import { storedShape, typedCollection, type StoreTx } from '../store/index.ts';
import type { Consent } from './consent.ts';

/** Collection of recorded consents, key `<institution>:<psuId>:<clientId>`. */
export const consentsCollection = 'ais-consents';

const ibans = { type: 'array', items: { type: 'string' } } as const;

/** A stored consent: the IBANs per function and the two flags. */
const storedConsent: JSONSchemaType<Consent> = {
  type: 'object',
  properties: {
    balances: ibans,
    transactions: ibans,
    overdrafts: ibans,
    owners: ibans,
    trustedBeneficiaries: { type: 'boolean' },
    psuIdentity: { type: 'boolean' },
  },
  required: ['balances', 'transactions', 'overdrafts', 'owners', 'trustedBeneficiaries', 'psuIdentity'],
  additionalProperties: false,
};

const consents = typedCollection(consentsCollection, storedShape(storedConsent));

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
  return consents.get(tx, keyOf(key));
}

/** Records `consent`, replacing the previous one whole (seed: cancel and replace). */
export async function putConsent(tx: StoreTx, key: ConsentKey, consent: Consent): Promise<void> {
  await consents.put(tx, keyOf(key), consent);
}

/** Forgets every consent of a PSU, for every AISP (sandbox reset). */
export async function deletePsuConsents(tx: StoreTx, institution: string, psuId: string): Promise<void> {
  for (const { key } of await consents.list(tx, `${institution}:${psuId}:`)) {
    await consents.delete(tx, key);
  }
}
