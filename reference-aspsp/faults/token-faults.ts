import type { FaultEntry } from './fault.ts';

/** Deviations of OAuth: codes, tokens, refresh, scope and client authentication. */
// One fault per line, as a table: the catalogue reads down its names.
// prettier-ignore
export const tokenFaults = {
  'code-reusable': { description: 'An authorization code can be exchanged more than once.', rules: ['TOK-CODE-ONE-TIME'] },
  'redirect-uri-not-compared': { description: 'The token request redirect_uri is not compared with the authorize one.', rules: ['TOK-REDIRECT-URI-IDENTICAL'] },
  // Breaks only a choice rule (the seed says the form omits scope, not that one is refused): the
  // harness reports it as advisory, and `run --strict` fails on it.
  'code-form-scope-accepted': { description: 'An authorization code exchange carrying a scope field is accepted.', rules: ['TOK-NO-SCOPE-IN-CODE-FORM'] },
  'pkce-not-checked': { description: 'The code_verifier of the PISP confirmation token exchange is not checked.', rules: ['PIS-CONFIRMATION-TOKEN-PKCE'] },
  'client-id-not-matched': { description: 'Any client_id is accepted at the token endpoint once the QWAC is enrolled.', rules: ['TOK-CLIENT-ID-MISMATCH', 'TRN-CLIENT-ID-MATCHES-QWAC', 'TOK-ISSUE-CONDITIONS'] },
  'refresh-keeps-old-access-token': { description: 'A refresh leaves the previous access token valid.', rules: ['TOK-REFRESH-REVOKES-OLD-ACCESS', 'TOK-ONE-SET-PER-TRIPLET'] },
  'refresh-token-never-expires': { description: 'A refresh token keeps working 180 days after the last PSU authentication.', rules: ['TOK-REFRESH-180-DAYS', 'TOK-REFRESH-NEEDS-RECENT-SCA'] },
  'token-never-expires': { description: 'Access tokens stay valid after 3600 s.', rules: ['TOK-ACCESS-EXPIRES', 'ERR-401-INVALID-TOKEN'] },
  'bads-as-401': { description: 'A token of another role is answered 401 invalid_token instead of 403 BADS.', rules: ['TOK-WRONG-SCOPE-BADS', 'ERR-403-BADS'] },
} as const satisfies Readonly<Record<string, FaultEntry>>;
