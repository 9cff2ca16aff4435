import type { Role } from '../../spec/lib/index.ts';

/**
 * What a valid access token says, as handlers of `auth: 'bearer'` routes see it in `ctx.auth`.
 *
 * The token is bound to one institution, one TPP (client_id) and one role; `scope` is the scope
 * string of the token response (`aisp offline_access`, `cbpii`, `piisp`, `pisp`).
 */
export interface BearerAuth {
  readonly tokenId: string;
  readonly institution: string;
  readonly psuId: string;
  readonly clientId: string;
  readonly role: Role;
  readonly scope: string;
}
