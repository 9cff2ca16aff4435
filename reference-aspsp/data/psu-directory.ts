import type { StoreTx } from '../store/index.ts';
import { readString } from './read-field.ts';

/**
 * The bank's directory of PSUs: who may identify on the authorize pages and with which identifier.
 *
 * Collection `psus`, key `<institution>:<psuId>`; index `psu-identifiers`, key
 * `<institution>:<identifier>`, value the psuId. The identification page (oauth/) reads both.
 */
export interface PsuEntry {
  readonly psuId: string;
  /** Remote banking identifier typed on the identification page. */
  readonly identifier: string;
  readonly persona: string;
  /** `terminated`: the remote banking subscription ended, identification is refused (IPSU). */
  readonly status: 'active' | 'terminated';
  /**
   * The client_id of the TPP that cloned this PSU through the sandbox control API; absent for a
   * persona template (psuId = persona name), which every TPP shares.
   */
  readonly owner?: string;
}

/** Collection of {@link PsuEntry} values. */
export const psusCollection = 'psus';
/** Collection mapping an identifier to a psuId. */
export const psuIdentifiersCollection = 'psu-identifiers';

/** Parses a stored directory entry; undefined when absent or not an entry. */
export function parsePsuEntry(value: unknown): PsuEntry | undefined {
  const psuId = readString(value, 'psuId');
  const identifier = readString(value, 'identifier');
  const persona = readString(value, 'persona');
  const status = readString(value, 'status');
  if (psuId === undefined || identifier === undefined || persona === undefined) return undefined;
  if (status !== 'active' && status !== 'terminated') return undefined;
  const owner = readString(value, 'owner');
  return owner === undefined
    ? { psuId, identifier, persona, status }
    : { psuId, identifier, persona, status, owner };
}

/** The directory entry of a PSU. */
export async function getPsu(tx: StoreTx, institution: string, psuId: string): Promise<PsuEntry | undefined> {
  return parsePsuEntry(await tx.get(psusCollection, `${institution}:${psuId}`));
}

/** The PSU a remote banking identifier belongs to, at one institution. */
export async function findPsuByIdentifier(
  tx: StoreTx,
  institution: string,
  identifier: string,
): Promise<PsuEntry | undefined> {
  const psuId = await tx.get(psuIdentifiersCollection, `${institution}:${identifier}`);
  return typeof psuId === 'string' ? getPsu(tx, institution, psuId) : undefined;
}

/** Writes a directory entry and its identifier index. */
export async function putPsu(tx: StoreTx, institution: string, entry: PsuEntry): Promise<void> {
  await tx.put(psusCollection, `${institution}:${entry.psuId}`, entry);
  await tx.put(psuIdentifiersCollection, `${institution}:${entry.identifier}`, entry.psuId);
}
