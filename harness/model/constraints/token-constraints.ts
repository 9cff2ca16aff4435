/**
 * Constraints of the token state machine (seed: States and transitions > Tokens; Authentication 3-7).
 * Each judges one answer; the commands decide which applies from the model's state.
 */
import { carriesCode, fieldOf, isRefusal, type Answer } from '../answer.ts';
import { constraint } from '../constraint.ts';

/** A current access token, issued under 3600 s ago, serves GET /accounts (200). */
export const currentTokenServes = constraint<Answer>(
  'tokens.current-access-serves',
  'TOK-REFRESH-TOKEN-ISSUED',
  (answer) =>
    answer.status === 200
      ? undefined
      : `a current access token issued under 3600 s ago was answered ${answer.status}, not 200`,
);

/** An access token past its 3600 s is refused 401 invalid_token. */
export const expiredTokenRefused = constraint<Answer>(
  'tokens.expired-access-401',
  'TOK-ACCESS-EXPIRES',
  (answer) => {
    if (answer.status !== 401)
      return `an access token past its 3600 s was answered ${answer.status}, not 401`;
    return carriesCode(answer, 'invalid_token')
      ? undefined
      : 'the 401 of an expired access token names no invalid_token';
  },
);

/** A refusal (any 4xx): the reading of the constraints below. */
function refused(what: string): (answer: Answer) => string | undefined {
  return (answer) => (isRefusal(answer) ? undefined : `${what} was answered ${answer.status}, not refused`);
}

/** After a new token set of the triplet, the previous access token no longer works. */
export const replacedAccessRefused = constraint<Answer>(
  'tokens.one-set-old-access-refused',
  'TOK-ONE-SET-PER-TRIPLET',
  refused('the access token of a set the triplet replaced'),
);

/** After a new token set of the triplet, the previous refresh token no longer works. */
export const replacedRefreshRefused = constraint<Answer>(
  'tokens.one-set-old-refresh-refused',
  'TOK-ONE-SET-PER-TRIPLET',
  refused('a refresh with the refresh token of a set the triplet replaced'),
);

/** A refresh revokes the access token it replaces. */
export const refreshRevokesOldAccess = constraint<Answer>(
  'tokens.refresh-revokes-old-access',
  'TOK-REFRESH-REVOKES-OLD-ACCESS',
  refused('the access token a refresh replaced'),
);

/** A refresh with a valid refresh token, under 180 days after the PSU's authentication, gives a new access token. */
export const refreshIssuesAccess = constraint<Answer>(
  'tokens.refresh-issues-access',
  'TOK-REFRESH-NEW-ACCESS',
  (answer) =>
    answer.status === 200 && typeof fieldOf(answer.json, 'access_token') === 'string'
      ? undefined
      : `a refresh with a valid refresh token was answered ${answer.status} without an access_token`,
);

/** The refresh answer returns a refresh token. */
export const refreshReturnsRefresh = constraint<Answer>(
  'tokens.refresh-returns-refresh',
  'TOK-REFRESH-RETURNS-REFRESH',
  (answer) =>
    typeof fieldOf(answer.json, 'refresh_token') === 'string'
      ? undefined
      : 'the refresh answer returns no refresh_token',
);

/** 180 days after the PSU's authentication, a refresh is refused (a full flow is needed). */
export const refreshAfter180Refused = constraint<Answer>(
  'tokens.refresh-after-180-days-refused',
  'TOK-REFRESH-NEEDS-RECENT-SCA',
  refused('a refresh more than 180 days after the PSU authenticated'),
);

/** Revoking the access token revokes the refresh token too (and the access token itself is revoked). */
export const accessRevocationRevokesRefresh = constraint<Answer>(
  'tokens.access-revocation-revokes-refresh',
  'TOK-REVOKE-ACCESS-REVOKES-REFRESH',
  refused('a token of a set whose access token was revoked'),
);

/** Revoking the refresh token revokes the access token too ("and the reverse"). */
export const refreshRevocationRevokesAccess = constraint<Answer>(
  'tokens.refresh-revocation-revokes-access',
  'TOK-REVOKE-REFRESH-REVOKES-ACCESS',
  refused('a token of a set whose refresh token was revoked'),
);

/** An authorization code is one-time: a second exchange is refused. */
export const codeOneTime = constraint<Answer>(
  'tokens.code-one-time',
  'TOK-CODE-ONE-TIME',
  refused('a second exchange of one code'),
);

/** A token of another role is refused 403 BADS (a CBPII token on an AISP resource). */
export const wrongScopeBads = constraint<Answer>(
  'tokens.wrong-scope-403-bads',
  'TOK-WRONG-SCOPE-BADS',
  (answer) => {
    if (answer.status !== 403) return `a CBPII token on GET /accounts was answered ${answer.status}, not 403`;
    return carriesCode(answer, 'BADS') ? undefined : 'the 403 of a token of another role names no BADS';
  },
);

/** The token constraints, for the catalogue and its tests. */
export const tokenConstraints = [
  currentTokenServes,
  expiredTokenRefused,
  replacedAccessRefused,
  replacedRefreshRefused,
  refreshRevokesOldAccess,
  refreshIssuesAccess,
  refreshReturnsRefresh,
  refreshAfter180Refused,
  accessRevocationRevokesRefresh,
  refreshRevocationRevokesAccess,
  codeOneTime,
  wrongScopeBads,
] as const;
