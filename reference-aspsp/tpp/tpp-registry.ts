import { isRecord } from '../lib/is-record.ts';
import type { StoreTx } from '../store/index.ts';
import type { EnrolledTpp } from './enrolled-tpp.ts';
import { parseEnrolledTpp } from './parse-enrolled-tpp.ts';

/** Collection of enrolments: key client_id, value {@link EnrolledTpp}. */
export const tppsCollection = 'tpps';
/** Index from QWAC fingerprint to the client_id it is bound to: value `{ clientId }`. */
export const tppQwacsCollection = 'tpp-qwacs';

/**
 * Enrolment of TPPs in the store (seed: Authentication 2).
 *
 * A TPP is found by the QWAC it connects with: each enrolment binds one QWAC fingerprint to one
 * client_id, which is how a register-issued client_id "indirectly" matches the certificate.
 */
export const tppRegistry = {
  /** Enrols (or re-enrols) a TPP and binds its QWAC to its client_id. */
  async enrol(tx: StoreTx, tpp: EnrolledTpp): Promise<void> {
    await tx.put(tppsCollection, tpp.clientId, tpp);
    await tx.put(tppQwacsCollection, tpp.qwacFingerprint, { clientId: tpp.clientId });
  },

  /** The TPP of a client_id. */
  async byClientId(tx: StoreTx, clientId: string): Promise<EnrolledTpp | undefined> {
    const value = await tx.get(tppsCollection, clientId);
    return value === undefined ? undefined : parseEnrolledTpp(value);
  },

  /** The TPP enrolled with the QWAC of this fingerprint. */
  async byQwacFingerprint(tx: StoreTx, fingerprint: string): Promise<EnrolledTpp | undefined> {
    const link = await tx.get(tppQwacsCollection, fingerprint);
    if (!isRecord(link) || typeof link.clientId !== 'string') return undefined;
    const tpp = await this.byClientId(tx, link.clientId);
    // A re-enrolment with another certificate leaves a stale link behind: it no longer counts.
    return tpp?.qwacFingerprint === fingerprint ? tpp : undefined;
  },
};
