import type { Psd2Role } from '../../protocol/psd2-roles.ts';
import type { Role } from '../../spec/lib/index.ts';

/** The three API roles, each tied to an OAuth2 scope (seed: What the service does). */
export const apiRoles: readonly Role[] = ['aisp', 'cbpii', 'pisp'];

/** The API role a PSD2 certificate role grants (PSP_AS, the account servicer, grants none). */
export const apiRoleOfPsd2Role: Readonly<Record<Psd2Role, Role | undefined>> = {
  PSP_AI: 'aisp',
  PSP_PI: 'pisp',
  PSP_IC: 'cbpii',
  PSP_AS: undefined,
};
