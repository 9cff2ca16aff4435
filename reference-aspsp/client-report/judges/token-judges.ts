import type { ObservedRequest } from '../observed-request.ts';
import type { TokenSet } from '../token-ledger.ts';
import type { Judge, Violation } from './judge.ts';
import { codeExchanges } from './judge.ts';

const refreshLifetimeMs = 180 * 24 * 3600 * 1000;

/** CLT-TOKEN-NO-SCOPE: the authorization code form has no `scope`. */
export const judgeTokenNoScope: Judge = ({ requests }) => {
  const calls = codeExchanges(requests);
  const violations = calls
    .filter((request) => request.grant?.scope === true)
    .map((request) => ({ request, reason: 'the authorization_code form has a scope field' }));
  return { exercised: calls.length, violations };
};

/** Compares URIs the way the bank's redirect renders them. */
function sameUri(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/** CLT-REDIRECT-URI-SAME: the form's redirect_uri is the one the code was redirected to. */
export const judgeRedirectUriSame: Judge = ({ requests, codeRedirect }) => {
  const calls = codeExchanges(requests);
  const violations: Violation[] = [];
  for (const request of calls) {
    const sent = request.grant?.redirectUri;
    const code = request.grant?.code;
    const expected = code === undefined ? undefined : codeRedirect(code);
    if (sent === undefined) violations.push({ request, reason: 'no redirect_uri in the form' });
    else if (expected !== undefined && !sameUri(sent, expected))
      violations.push({ request, reason: `redirect_uri ${sent} but the code was sent to ${expected}` });
  }
  return { exercised: calls.length, violations };
};

/**
 * CLT-CODE-ONCE: a code is not presented again once exchanged. A presentation the bank refused
 * `invalid_request` (a malformed form) did not reach the code, so the code is still unused after it;
 * any other answer, a refused exchange included, used it up (RFC 6749 §4.1.2).
 */
export const judgeCodeOnce: Judge = ({ requests }) => {
  const calls = codeExchanges(requests).filter((r) => r.grant?.code !== undefined);
  const used = new Map<string, number>();
  const violations: Violation[] = [];
  for (const request of calls) {
    const code = request.grant?.code ?? '';
    const earlier = used.get(code);
    if (earlier !== undefined) {
      violations.push({ request, reason: `the code was already exchanged (request ${earlier})` });
      continue;
    }
    if (request.response.code !== 'invalid_request') used.set(code, request.seq);
  }
  return { exercised: calls.length, violations };
};

/** Requests that revoke or reset a PSU's tokens through the sandbox (the client did not choose it). */
function sandboxRevocations(requests: readonly ObservedRequest[]): ObservedRequest[] {
  return requests.filter(
    (r) =>
      r.kind === 'sandbox' &&
      r.response.status < 300 &&
      r.params['psuId'] !== undefined &&
      /\/(revoke-tokens|revoke-token|reset)$/.test(r.path),
  );
}

function triplet(set: TokenSet): string | undefined {
  return set.psuId === undefined || set.role === undefined
    ? undefined
    : `${set.institution} ${set.psuId} ${set.role}`;
}

/**
 * CLT-REFRESH-BEFORE-JOURNEY: a new code exchange for a PSU, role and institution while the previous
 * set's refresh token is unexpired, was never refused, and the sandbox did not revoke it.
 */
export const judgeRefreshBeforeJourney: Judge = ({ requests, ledger }) => {
  const refused = new Set(
    requests
      .filter((r) => r.grant?.grantType === 'refresh_token' && r.response.status >= 400)
      .flatMap((r) => r.grant?.refreshToken ?? []),
  );
  const revocations = sandboxRevocations(requests);
  const latest = new Map<string, TokenSet>();
  const violations: Violation[] = [];
  let exercised = 0;
  for (const set of ledger.sets) {
    const key = triplet(set);
    if (set.grant !== 'authorization_code' || key === undefined || set.role === 'pisp') continue;
    exercised++;
    const previous = latest.get(key);
    latest.set(key, set);
    if (previous === undefined || previous.refresh.length === 0) continue;
    const refreshStillValid =
      !previous.refresh.some((id) => refused.has(id)) &&
      Date.parse(set.issuedBy.at) - Date.parse(previous.issuedBy.at) < refreshLifetimeMs &&
      !revocations.some(
        (r) =>
          r.params['psuId'] === set.psuId &&
          r.institution === set.institution &&
          r.seq > previous.issuedBy.seq &&
          r.seq < set.issuedBy.seq,
      );
    if (refreshStillValid)
      violations.push({
        request: set.issuedBy,
        reason: `a new journey while the refresh token of request ${previous.issuedBy.seq} was still valid`,
      });
  }
  return { exercised, violations };
};

/** CLT-ONE-TOKEN-SET: no call with a token superseded by a newer one for the same PSU, role, institution. */
export const judgeOneTokenSet: Judge = ({ requests, ledger }) => {
  const violations: Violation[] = [];
  let exercised = 0;
  for (const request of requests) {
    const set =
      request.bearer !== undefined
        ? ledger.setOfAccess(request.bearer)
        : request.grant?.refreshToken !== undefined
          ? ledger.setOfRefresh(request.grant.refreshToken)
          : undefined;
    if (set === undefined || set.grant !== 'authorization_code') continue;
    exercised++;
    const key = triplet(set);
    const newer = ledger.sets.find(
      (other) =>
        other !== set &&
        other.grant === 'authorization_code' &&
        triplet(other) === key &&
        key !== undefined &&
        other.issuedBy.seq > set.issuedBy.seq &&
        other.issuedBy.seq < request.seq,
    );
    if (newer !== undefined) {
      violations.push({
        request,
        reason: `uses a token of the set of request ${set.issuedBy.seq}, replaced by the set of request ${newer.issuedBy.seq}`,
      });
      continue;
    }
    if (request.bearer !== undefined) {
      const index = set.access.indexOf(request.bearer);
      const replacedAt = set.accessIssuedAt[index + 1];
      if (replacedAt !== undefined && replacedAt < request.seq)
        violations.push({
          request,
          reason: `uses an access token replaced by the refresh of request ${replacedAt}`,
        });
    }
  }
  return { exercised, violations };
};

/** CLT-INVALID-TOKEN-REFRESH: a token answered 401 invalid_token is not sent again. */
export const judgeInvalidTokenRefresh: Judge = ({ requests }) => {
  const refused = new Map<string, number>();
  const violations: Violation[] = [];
  for (const request of requests) {
    if (request.bearer === undefined) continue;
    const earlier = refused.get(request.bearer);
    if (earlier !== undefined) {
      violations.push({
        request,
        reason: `the token was refused 401 invalid_token at request ${earlier}; refresh instead of retrying`,
      });
      continue;
    }
    if (request.response.status === 401 && request.response.code === 'invalid_token')
      refused.set(request.bearer, request.seq);
  }
  return { exercised: refused.size, violations };
};
