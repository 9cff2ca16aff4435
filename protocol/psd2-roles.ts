/**
 * PSD2 roles of a payment service provider as ETSI TS 119 495 names them, with their OIDs and the
 * STET role each one grants.
 */

/** The four roles of ETSI TS 119 495 section 5.1. */
export type Psd2Role = 'PSP_AS' | 'PSP_PI' | 'PSP_AI' | 'PSP_IC';

/** Every PSD2 role, in OID order. */
export const psd2Roles: readonly Psd2Role[] = ['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC'];

/** OID of each role (`id-psd2-role-*` under 0.4.0.19495.1). */
export const psd2RoleOids: Readonly<Record<Psd2Role, string>> = {
  PSP_AS: '0.4.0.19495.1.1',
  PSP_PI: '0.4.0.19495.1.2',
  PSP_AI: '0.4.0.19495.1.3',
  PSP_IC: '0.4.0.19495.1.4',
};

/** The roles of the STET API (`AISP` reads accounts, `PISP` initiates payments, `CBPII` asks for funds). */
export type StetRole = 'AISP' | 'PISP' | 'CBPII';

/** The PSD2 certificate role that grants each STET role. */
export const psd2RoleForStetRole: Readonly<Record<StetRole, Psd2Role>> = {
  AISP: 'PSP_AI',
  PISP: 'PSP_PI',
  CBPII: 'PSP_IC',
};

// Stryker disable all: not the bank's: it reads roles through reference-aspsp/lib/api-roles.ts; this mapping serves the PKI and the harness's tests, so no conformance case can reach it
/** The STET role a PSD2 role grants (`PSP_AS`, the account servicer, grants none). */
export function stetRoleForPsd2Role(role: Psd2Role): StetRole | undefined {
  switch (role) {
    case 'PSP_AI':
      return 'AISP';
    case 'PSP_PI':
      return 'PISP';
    case 'PSP_IC':
      return 'CBPII';
    case 'PSP_AS':
      return undefined;
  }
}
