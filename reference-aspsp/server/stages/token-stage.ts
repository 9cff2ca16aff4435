import type { Role } from '../../../spec/lib/index.ts';
import type { Choices } from '../../choices/index.ts';
import type { Clock } from '../../clock/clock.ts';
import type { FaultSet } from '../../faults/catalogue.ts';
import { checkAccessToken, type CheckedToken } from '../../oauth/check-access-token.ts';
import type { StoreTx } from '../../store/index.ts';
import { ApiError } from '../api-error.ts';

/** What the token stage needs besides the request. */
export interface TokenStageServices {
  readonly tx: StoreTx;
  readonly clock: Clock;
  readonly faults: FaultSet;
  /** The bank's choices: what a refused token's answer explains (choices/index.ts). */
  readonly choices: Choices;
}

/**
 * Stage 6, token, on bearer routes: `Authorization: Bearer` names a valid access token of this
 * institution and this TPP (`401 invalid_token`), of the route's role (`403 BADS`), as
 * oauth/check-access-token.ts details. Faults: `token-never-expires` keeps expired tokens valid,
 * `bads-as-401` answers a token of another role `401 invalid_token`.
 */
export async function tokenStage(
  services: TokenStageServices,
  request: {
    readonly authorization: string | undefined;
    readonly institution: string;
    readonly clientId: string;
    readonly role: Role;
  },
): Promise<CheckedToken> {
  const checked = await checkAccessToken({
    tx: services.tx,
    clock: services.clock,
    authorization: request.authorization,
    institution: request.institution,
    clientId: request.clientId,
    role: request.role,
    ignoreExpiry: services.faults.has('token-never-expires'),
    choices: services.choices,
  });
  if (!(checked instanceof ApiError)) return checked;
  // A call without Authorization at all is refused as this bank refuses it (TRN-NO-TOKEN-INVALID-TOKEN).
  if (request.authorization === undefined) throw services.choices.of('TRN-NO-TOKEN-INVALID-TOKEN')(checked);
  if (checked.code === 'BADS' && services.faults.has('bads-as-401')) {
    throw new ApiError('invalid_token', { headers: { ...services.choices.of('TOK-WWW-AUTHENTICATE') } });
  }
  throw checked;
}
