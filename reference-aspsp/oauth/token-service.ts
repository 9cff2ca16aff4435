import { isRecord } from '../lib/is-record.ts';
import { newSecret, secretKey } from '../lib/secret.ts';
import type { StoreTx } from '../store/index.ts';
import { ownerKey, parseTokenRecord, type TokenOwner, type TokenRecord } from './token-record.ts';

/** Collection of tokens: key = hash of the token, value {@link TokenRecord}. */
export const tokensCollection = 'oauth-tokens';
/** Collection of the current set per owner: key {@link ownerKey}, value `{ accessKey, refreshKey }`. */
export const tokenSetsCollection = 'oauth-token-sets';

/** Access token lifetime (seed: Tokens; Limits). */
export const accessTokenSeconds = 3600;
/** Refresh token lifetime, counted from the last PSU authentication (seed: Tokens). */
export const refreshTokenDays = 180;
const dayMs = 86_400_000;

/** A token set as the token endpoint returns it. */
export interface IssuedTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresIn: number;
  readonly scope: string;
}

/**
 * The token rules of the seed (Tokens state table), on top of the store.
 *
 * Revocation deletes the records: an unknown, revoked or expired token all answer `invalid_token`.
 * The set record per owner is what makes "at most one valid access and one valid refresh token per
 * PSU/TPP/role" hold: callers run issue and refresh inside one store transaction, so concurrent
 * exchanges serialise and the last one leaves the only valid set.
 */
export const tokenService = {
  /** Issues a new set for `owner`, revoking the owner's previous set. `now` is the PSU's time. */
  async issue(
    tx: StoreTx,
    options: { owner: TokenOwner; scope: string; now: Date; authenticatedAt: Date },
  ): Promise<IssuedTokens> {
    await revokeSet(tx, ownerKey(options.owner));
    const accessToken = newSecret();
    const refreshToken = newSecret();
    const accessKey = secretKey(accessToken);
    const refreshKey = secretKey(refreshToken);
    const authenticatedAt = options.authenticatedAt.getTime();
    const base = { ...options.owner, scope: options.scope, authenticatedAt };
    await tx.put(tokensCollection, accessKey, {
      ...base,
      kind: 'access',
      expiresAt: options.now.getTime() + accessTokenSeconds * 1000,
      pairKey: refreshKey,
    } satisfies TokenRecord);
    await tx.put(tokensCollection, refreshKey, {
      ...base,
      kind: 'refresh',
      expiresAt: authenticatedAt + refreshTokenDays * dayMs,
      pairKey: accessKey,
    } satisfies TokenRecord);
    await tx.put(tokenSetsCollection, ownerKey(options.owner), { accessKey, refreshKey });
    return { accessToken, refreshToken, expiresIn: accessTokenSeconds, scope: options.scope };
  },

  /** The stored record of a token (access or refresh), or undefined when unknown or revoked. */
  async find(tx: StoreTx, token: string): Promise<TokenRecord | undefined> {
    return this.findByKey(tx, secretKey(token));
  },

  /** {@link find} by the token's store key (`secretKey(token)`), for a caller that needs the key too. */
  async findByKey(tx: StoreTx, key: string): Promise<TokenRecord | undefined> {
    return parseTokenRecord(await tx.get(tokensCollection, key));
  },

  /**
   * Issues a new access token for the refresh token's set; the old access token is revoked unless
   * `keepOldAccess` (the fault `refresh-keeps-old-access-token`). The refresh token stays the same.
   */
  async refresh(
    tx: StoreTx,
    options: { refreshToken: string; record: TokenRecord; now: Date; keepOldAccess: boolean },
  ): Promise<IssuedTokens> {
    const { record } = options;
    const refreshKey = secretKey(options.refreshToken);
    if (!options.keepOldAccess) await tx.delete(tokensCollection, record.pairKey);
    const accessToken = newSecret();
    const accessKey = secretKey(accessToken);
    await tx.put(tokensCollection, accessKey, {
      ...ownerOf(record),
      scope: record.scope,
      authenticatedAt: record.authenticatedAt,
      kind: 'access',
      expiresAt: options.now.getTime() + accessTokenSeconds * 1000,
      pairKey: refreshKey,
    } satisfies TokenRecord);
    await tx.put(tokensCollection, refreshKey, { ...record, pairKey: accessKey } satisfies TokenRecord);
    await tx.put(tokenSetsCollection, ownerKey(record), { accessKey, refreshKey });
    return {
      accessToken,
      refreshToken: options.refreshToken,
      expiresIn: accessTokenSeconds,
      scope: record.scope,
    };
  },

  /**
   * Revokes the set of the token stored at `key` (`secretKey(token)`): revoking one token revokes the
   * other (seed: Tokens).
   */
  async revokeByKey(tx: StoreTx, key: string): Promise<void> {
    await revokeByKey(tx, key);
  },

  /**
   * Revokes one token (`access` or `refresh`) of each current set `clientId` holds for a PSU
   * (sandbox `revoke-token`); its pair goes with it, as for any revocation.
   */
  async revokePsuToken(
    tx: StoreTx,
    options: { institution: string; psuId: string; clientId: string; kind: 'access' | 'refresh' },
  ): Promise<void> {
    const sets = await tx.list(
      tokenSetsCollection,
      `${options.institution}:${options.psuId}:${options.clientId}:`,
    );
    for (const { value } of sets) {
      const key = isRecord(value) ? value[options.kind === 'access' ? 'accessKey' : 'refreshKey'] : undefined;
      if (typeof key === 'string') await revokeByKey(tx, key);
    }
  },

  /**
   * Revokes every token set of a PSU at an institution, or only those of `clientId` when given
   * (sandbox `revoke-tokens`).
   */
  async revokePsu(
    tx: StoreTx,
    options: { institution: string; psuId: string; clientId?: string | undefined },
  ): Promise<void> {
    const client = options.clientId === undefined ? '' : `${options.clientId}:`;
    const sets = await tx.list(tokenSetsCollection, `${options.institution}:${options.psuId}:${client}`);
    for (const set of sets) await revokeSet(tx, set.key);
  },
};

function ownerOf(record: TokenOwner): TokenOwner {
  return {
    institution: record.institution,
    psuId: record.psuId,
    clientId: record.clientId,
    role: record.role,
  };
}

/** Revokes the token stored at `key` together with its pair and the set record naming them. */
async function revokeByKey(tx: StoreTx, key: string): Promise<void> {
  const record = parseTokenRecord(await tx.get(tokensCollection, key));
  if (record === undefined) return;
  await tx.delete(tokensCollection, record.pairKey);
  await tx.delete(tokensCollection, key);
  await tx.delete(tokenSetsCollection, ownerKey(record));
}

async function revokeSet(tx: StoreTx, key: string): Promise<void> {
  const set = await tx.get(tokenSetsCollection, key);
  if (!isRecord(set)) return;
  if (typeof set.accessKey === 'string') await tx.delete(tokensCollection, set.accessKey);
  if (typeof set.refreshKey === 'string') await tx.delete(tokensCollection, set.refreshKey);
  await tx.delete(tokenSetsCollection, key);
}
