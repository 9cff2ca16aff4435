import { answerFallback, isFallbackRequest } from '../fallback/fallback-grant.ts';
import type { GrantHandler } from '../oauth/grants/grant-handler.ts';
import { issueFirstToken } from './first-token.ts';

/**
 * `grant_type=client_credentials` (seed: token request forms): with header `fallback: 1` the fallback
 * answer (302), otherwise the first PISP token.
 */
export const clientCredentialsGrant: GrantHandler = async (ctx, form) =>
  isFallbackRequest(ctx) ? answerFallback(ctx, form) : issueFirstToken(ctx, form);
