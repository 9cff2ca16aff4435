import { exactlyOneRole, withOfflineAccess, type ScopeReading, type TokenScopeForm } from '../oauth/scope.ts';
import {
  createJourneyPages,
  frenchJourneyWords,
  journeyPages,
  type JourneyPages,
} from '../oauth/journey-pages.ts';
import { codeLifetimeMs } from '../oauth/authorization-code.ts';
import { maxOtpFailures, screenTimeoutMs } from '../oauth/journey.ts';
import { choice } from './choice.ts';

/** Why authorize cannot trust a request (rules TOK-AUTHORIZE-BAD-CLIENT-NO-REDIRECT, TOK-AUTHORIZE-ERROR-PAGE). */
export type AuthorizeDistrust = 'unknown-client' | 'redirect-uri' | 'payment';

/** The body of an authorize refusal that is not redirected: an HTML page or a JSON error. */
export type AuthorizeRefusalBody = (
  bankName: string,
  reason: string,
) => { readonly html: string } | { readonly json: Record<string, unknown> };

/** How a wrong one-time code is handled (rule TOK-JOURNEY-OTP-ATTEMPTS). */
export interface OtpAttempts {
  /** The wrong codes that end the journey. */
  readonly maxFailures: number;
  /** What the authentication page says after a wrong code, `left` attempts remaining. */
  wrongCode(left: number): string;
}

/** Why a journey ended without consent (rule TOK-JOURNEY-ENDING-REASON). */
export type JourneyEnding = 'refused' | 'timeout' | 'authentication_failed' | 'payment_not_pending';

/** RFC 6749 §5.2's meaning of each token endpoint error, the alternate bank's error_description. */
const rfc6749Descriptions: Readonly<Record<string, string>> = {
  invalid_request: 'The request is missing a required parameter or is otherwise malformed.',
  invalid_client: 'Client authentication failed.',
  invalid_grant: 'The provided authorization grant or refresh token is invalid.',
  unauthorized_client: 'The client is not authorized to use this grant type.',
  unsupported_grant_type: 'The authorization grant type is not supported.',
  invalid_scope: 'The requested scope is invalid or unknown.',
};

/** The choices of the TOK family: the OAuth endpoints' and the journey pages' answers the seed does not show. */
export const tokChoices = {
  // The status of an authorize request the bank cannot redirect back: 400, or RFC 6749 §5.2's 401 for
  // an unknown client (still no redirect to an address the bank cannot trust).
  'TOK-AUTHORIZE-BAD-CLIENT-NO-REDIRECT': choice<(distrust: AuthorizeDistrust) => number>({
    reference: () => 400,
    alternate: (distrust) => (distrust === 'unknown-client' ? 401 : 400),
  }),
  'TOK-AUTHORIZE-ERROR-PAGE': choice<AuthorizeRefusalBody>({
    reference: (bankName, reason) => ({ html: journeyPages.invalidRequest(bankName, reason) }),
    // Another bank answers the TPP's developer, not the PSU: an RFC 6749 JSON error.
    alternate: (_bankName, reason) => ({ json: { error: 'invalid_request', error_description: reason } }),
  }),
  // Whether an exchange refused for its redirect_uri spends the code: always, or only a successful one.
  'TOK-CODE-SPENT-BY-REFUSED-EXCHANGE': choice<(redirectUriMatches: boolean) => boolean>({
    reference: () => true,
    alternate: (redirectUriMatches) => redirectUriMatches,
  }),
  // A scope field in the code form: refused invalid_request, or ignored (the form omits it anyway).
  'TOK-NO-SCOPE-IN-CODE-FORM': choice<'refused' | 'ignored'>({ reference: 'refused', alternate: 'ignored' }),
  // The error of a grant_type outside the token request forms.
  'TOK-UNSUPPORTED-GRANT': choice<(grantType: string) => { code: string; description: string }>({
    reference: (grantType) => ({
      code: 'unsupported_grant_type',
      description: `grant_type ${grantType} is not supported`,
    }),
    alternate: (grantType) => ({
      code: 'invalid_request',
      description: `grant_type ${grantType} is not a token request form`,
    }),
  }),
  // The error_description of a token endpoint refusal: what was refused, or RFC 6749's meaning of the code.
  'TOK-ERROR-DESCRIPTION': choice<(code: string, description: string) => string>({
    reference: (_code, description) => description,
    alternate: (code, description) => rfc6749Descriptions[code] ?? description,
  }),
  // A code presented again by its client: the tokens it gave are revoked, or kept (the replay alone is refused).
  'TOK-CODE-REPLAY-REVOKES': choice<boolean>({ reference: true, alternate: false }),
  'TOK-AUTHORIZE-SCOPE-FORM': choice<ScopeReading>({
    // Exactly one role token (offline_access aside); anything else is invalid_scope.
    reference: exactlyOneRole,
    // Another bank reads the first role token and ignores the others.
    alternate: (tokens) => {
      for (const { token, role } of tokens) if (role !== undefined) return { role, token };
      return undefined;
    },
  }),
  // The scope of a token response, from the role token: with offline_access when a refresh token comes
  // with it (AISP, CBPII), or the role token alone.
  'TOK-SCOPE-OFFLINE-ACCESS': choice<TokenScopeForm>({
    reference: withOfflineAccess,
    alternate: (roleToken) => roleToken,
  }),
  // A journey page that does not exist or has ended: 404 with the bank's page, or 410 Gone.
  'TOK-JOURNEY-PAGE-UNKNOWN': choice<{ status: number; reason: string }>({
    reference: { status: 404, reason: 'This page has expired or does not exist.' },
    alternate: { status: 410, reason: 'Your session has ended. Please start again from your provider.' },
  }),
  // The state of a redirect when the authorize request had none: left out, or sent empty.
  'TOK-STATE-ONLY-WHEN-SENT': choice<(state: string | undefined) => string | undefined>({
    reference: (state) => state,
    alternate: (state) => state ?? '',
  }),
  // What the identification page says of a refused identifier: which refusal, or one text for both.
  'TOK-IDENTIFICATION-REASON': choice<(refusal: 'unknown' | 'terminated') => string>({
    reference: (refusal) =>
      refusal === 'unknown' ? 'Unknown identifier.' : 'Your remote banking subscription is terminated.',
    alternate: () => 'Identification failed.',
  }),
  // The sandbox's explanation of a refused access token, or none.
  'TOK-INVALID-TOKEN-DETAIL': choice<(detail: string) => string | undefined>({
    reference: (detail) => detail,
    alternate: () => undefined,
  }),
  // The journey pages: the reference's English ones, or the same forms and fields in French.
  'TOK-JOURNEY-PAGES': choice<JourneyPages>({
    reference: journeyPages,
    alternate: createJourneyPages(frenchJourneyWords),
  }),
  'TOK-JOURNEY-OTP-ATTEMPTS': choice<OtpAttempts>({
    reference: {
      maxFailures: maxOtpFailures,
      wrongCode: (left) => `Wrong code. ${left} attempt${left === 1 ? '' : 's'} left.`,
    },
    // Five attempts, the page saying only that the code was wrong.
    alternate: { maxFailures: 5, wrongCode: () => 'Incorrect code.' },
  }),
  // The error_description of a journey ending without consent: the reason, or none (access_denied alone).
  'TOK-JOURNEY-ENDING-REASON': choice<(ending: JourneyEnding) => string | undefined>({
    reference: (ending) => ending,
    alternate: () => undefined,
  }),
  // The screen timeout, in milliseconds without a submission: 5 minutes, or another bank's 3.
  'TOK-JOURNEY-SCREEN-TIMEOUT': choice<number>({ reference: screenTimeoutMs, alternate: 3 * 60 * 1000 }),
  // Whether a cancellation's redirect (no code, no token) carries the authorize request's state.
  'TOK-CALLBACK-STATE': choice<(state: string | undefined) => string | undefined>({
    reference: (state) => state,
    alternate: () => undefined,
  }),
  // What login_hint does: skips the identification page, or fills it in for the PSU to confirm (the
  // seed: identification "may be skipped" when the TPP supplies the identifier).
  'TOK-LOGIN-HINT': choice<'skips-identification' | 'confirmed-on-the-page'>({
    reference: 'skips-identification',
    alternate: 'confirmed-on-the-page',
  }),
  // How long an authorization code lives: one minute, or RFC 6749's recommended maximum of ten.
  'TOK-CODE-LIFE-UNDER-5-MIN': choice<number>({ reference: codeLifetimeMs, alternate: 10 * 60 * 1000 }),
  // The WWW-Authenticate header of a 401 invalid_token: RFC 6750's, or none.
  'TOK-WWW-AUTHENTICATE': choice<Readonly<Record<string, string>>>({
    reference: { 'www-authenticate': 'Bearer error="invalid_token"' },
    alternate: {},
  }),
} as const;
