import { choice } from './choice.ts';

/** The body of the fallback's 302 from the login address and the JWT (FBK-302-BODY). */
export type FallbackBody = (answer: { readonly loginUrl: string; readonly jwt: string }) => object;

/** Why a fallback form's scope is refused (400 invalid_scope), or undefined (FBK-OTHER-SCOPE-REFUSED). */
export type FallbackScopeCheck = (scope: string | null) => string | undefined;

/** The choices of the FBK family: what the fallback's 302 carries and which forms it takes. */
export const fbkChoices = {
  'FBK-302-BODY': choice<FallbackBody>({
    reference: (answer) => ({ loginUrl: answer.loginUrl, jwt: answer.jwt }),
    // The login address in Location only, the body the JWT alone.
    alternate: (answer) => ({ jwt: answer.jwt }),
  }),
  'FBK-OTHER-SCOPE-REFUSED': choice<FallbackScopeCheck>({
    reference: (scope) => (scope === 'aisp' ? undefined : 'the fallback form asks for scope aisp'),
    // The fallback is AISP only whatever the form asks: its scope is not read.
    alternate: () => undefined,
  }),
} as const;
