import { readFile } from 'node:fs/promises';
import { readPsd2Certificate } from '../../protocol/psd2-certificate.ts';
import { apiRoleOfPsd2Role } from '../lib/api-roles.ts';
import type { StoreTx } from '../store/index.ts';
import type { EnrolledTpp } from './enrolled-tpp.ts';
import type { DemoTpp, ReferencePki } from './reference-pki.ts';
import { demoLoopbackRedirectUris } from './redirect-uri-enrolled.ts';
import { tppRegistry } from './tpp-registry.ts';

/**
 * Enrols the demo TPPs meant to be enrolled (`tpp`, `aispOnly`) with the public material of their
 * certificates, as a bank's onboarding would. Idempotent: run at every start. The main demo TPP is
 * also enrolled with loopback callbacks (any port, RFC 8252) and `extraRedirectUris`
 * (`serve --redirect-uri`), so a TPP developer's local callback is accepted.
 */
export async function enrolDemoTpps(
  tx: StoreTx,
  pki: ReferencePki,
  // Stryker disable next-line ArrayDeclaration: equivalent: a junk entry is no URI a journey names
  extraRedirectUris: readonly string[] = [],
): Promise<void> {
  for (const demo of Object.values(pki.tpps)) {
    if (!demo.enrolled) continue;
    const enrolment = await enrolmentOf(demo);
    const extra = demo === pki.tpps.tpp ? [...demoLoopbackRedirectUris, ...extraRedirectUris] : [];
    await tppRegistry.enrol(tx, {
      ...enrolment,
      redirectUris: [...new Set([...enrolment.redirectUris, ...extra])],
    });
  }
}

/** The enrolment record of a demo TPP, read from its certificate files. */
export async function enrolmentOf(demo: DemoTpp): Promise<EnrolledTpp> {
  const qwac = readPsd2Certificate(await readFile(demo.qwacCert, 'utf8'));
  const qseal = readPsd2Certificate(await readFile(demo.qsealCert, 'utf8'));
  return {
    clientId: demo.clientId,
    // Stryker disable next-line LogicalOperator: equivalent: a demo TPP's client_id is its organizationIdentifier (reference-pki.ts)
    organizationIdentifier: qwac.organizationIdentifier ?? demo.clientId,
    name: demo.name,
    roles: demo.roles.flatMap((role) => apiRoleOfPsd2Role[role] ?? []),
    qwacFingerprint: qwac.fingerprintSha256,
    qwacPublicKeyPem: qwac.publicKeyPem,
    qsealFingerprint: qseal.fingerprintSha256,
    qsealPublicKeyPem: qseal.publicKeyPem,
    redirectUris: [demo.redirectUri],
  };
}
