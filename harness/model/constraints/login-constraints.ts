/**
 * The constraint of a token set's issue (seed: Tokens, "none → token request with authorization
 * code"): the code exchange of an authenticated PSU gives an access token and a refresh token.
 */
import { fieldOf, type Answer } from '../answer.ts';
import { constraint } from '../constraint.ts';

/** The code exchange of an authenticated PSU answers an access token plus a refresh token. */
export const codeExchangeIssuesSet = constraint<Answer>(
  'tokens.code-exchange-issues-set',
  'TOK-REFRESH-TOKEN-ISSUED',
  (answer) =>
    answer.status === 200 &&
    typeof fieldOf(answer.json, 'access_token') === 'string' &&
    typeof fieldOf(answer.json, 'refresh_token') === 'string'
      ? undefined
      : `the code exchange of an authenticated PSU was answered ${answer.status} without an access and a refresh token`,
);
