import type { JSONSchemaType } from 'ajv';
import { storedGuard, type StoreTx } from '../store/index.ts';

/** Collection binding PISP access tokens to payments: key = the token's store key (`BearerAuth.tokenId`). */
export const pispTokenBindingsCollection = 'pisp-token-bindings';

/**
 * What a PISP access token is for (seed: Authentication 5).
 *
 * - `first`: issued by client credentials on the TPP's certificates alone; it may initiate one
 *   payment and then serves only that payment (status, cancellation) — never its confirmation.
 * - `second`: issued by the PKCE code exchange after the PSU consented; it serves the payment the
 *   PSU consented to, confirmation included.
 */
export interface PispTokenBinding {
  readonly kind: 'first' | 'second';
  /** The payment the token serves; undefined for a first token not used yet. */
  readonly paymentId: string | undefined;
}

/** What a stored binding must be: the store keeps JSON written by this or an older version. */
const bindingSchema: JSONSchemaType<PispTokenBinding> = {
  type: 'object',
  required: ['kind'],
  properties: {
    kind: { type: 'string', enum: ['first', 'second'] },
    paymentId: { type: 'string', nullable: true },
  },
};

const isPispTokenBinding = storedGuard(bindingSchema);

/** Reads the binding of a token; undefined for a token the PISP grants did not issue. */
export async function getPispTokenBinding(
  tx: StoreTx,
  tokenId: string,
): Promise<PispTokenBinding | undefined> {
  const value = await tx.get(pispTokenBindingsCollection, tokenId);
  return isPispTokenBinding(value) ? value : undefined;
}

/** Writes the binding of a token. */
export async function putPispTokenBinding(
  tx: StoreTx,
  tokenId: string,
  binding: PispTokenBinding,
): Promise<void> {
  await tx.put(pispTokenBindingsCollection, tokenId, binding);
}
