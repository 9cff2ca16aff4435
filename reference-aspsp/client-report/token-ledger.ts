import type { Role } from '../../spec/lib/index.ts';
import { roleOfScope } from '../oauth/scope.ts';
import type { ObservedRequest } from './observed-request.ts';

/** One token set as the client report sees it: tokens by id, the PSU once a call reveals it. */
export interface TokenSet {
  /** The token request that created the set. */
  readonly issuedBy: ObservedRequest;
  readonly grant: 'authorization_code' | 'client_credentials';
  readonly institution: string;
  readonly role: Role | undefined;
  /** Access token ids in issue order (a refresh adds one). */
  readonly access: string[];
  /** Refresh token ids in issue order. */
  readonly refresh: string[];
  /** Seq of the token request that issued each access token, same order as `access`. */
  readonly accessIssuedAt: number[];
  psuId: string | undefined;
}

/** Token sets of one TPP, found from its token requests and the calls made with them. */
export interface TokenLedger {
  readonly sets: readonly TokenSet[];
  setOfAccess(id: string): TokenSet | undefined;
  setOfRefresh(id: string): TokenSet | undefined;
}

/** Builds the ledger from one TPP's requests in arrival order. */
export function tokenLedger(requests: readonly ObservedRequest[]): TokenLedger {
  const sets: TokenSet[] = [];
  const byAccess = new Map<string, TokenSet>();
  const byRefresh = new Map<string, TokenSet>();
  for (const request of requests) {
    const issued = request.response.issued;
    const grant = request.grant;
    if (request.kind === 'token' && issued !== undefined && grant !== undefined) {
      const refreshed = grant.refreshToken === undefined ? undefined : byRefresh.get(grant.refreshToken);
      if (grant.grantType === 'refresh_token' && refreshed !== undefined) {
        refreshed.access.push(issued.access);
        refreshed.accessIssuedAt.push(request.seq);
        byAccess.set(issued.access, refreshed);
        if (issued.refresh !== undefined && !refreshed.refresh.includes(issued.refresh)) {
          refreshed.refresh.push(issued.refresh);
          byRefresh.set(issued.refresh, refreshed);
        }
      } else if (grant.grantType === 'authorization_code' || grant.grantType === 'client_credentials') {
        const set: TokenSet = {
          issuedBy: request,
          grant: grant.grantType,
          institution: request.institution,
          role: roleOfScope(issued.scope)?.role,
          access: [issued.access],
          refresh: issued.refresh === undefined ? [] : [issued.refresh],
          accessIssuedAt: [request.seq],
          psuId: undefined,
        };
        sets.push(set);
        byAccess.set(issued.access, set);
        if (issued.refresh !== undefined) byRefresh.set(issued.refresh, set);
      }
    }
    if (request.bearer !== undefined && request.psuId !== undefined) {
      const set = byAccess.get(request.bearer);
      if (set !== undefined) set.psuId ??= request.psuId;
    }
  }
  return {
    sets,
    setOfAccess: (id) => byAccess.get(id),
    setOfRefresh: (id) => byRefresh.get(id),
  };
}
