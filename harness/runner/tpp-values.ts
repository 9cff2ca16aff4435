/**
 * Built-in values taken from the case TPP's certificates, for registration bodies (seed: Registration;
 * Authentication 2): `qsealX5c`, the QSEAL certificate as base64 DER (`jwks.keys[0].x5c[0]`, RFC 7517),
 * `organizationId`, the QWAC's organizationIdentifier (`provider_legal_id`), and `qwacX5c`, the QWAC as
 * base64 DER (a certificate of the same organisation that is not a seal, for a registration's near miss),
 * and `qsealFingerprint`, the SHA-256 hex of the QSEAL's DER (the suffix of a URL keyId, contracts §4).
 */
import { createHash, X509Certificate } from 'node:crypto';
import { issueQsealNearMiss } from '../../pki/qseal-near-misses.ts';
import { readPsd2Certificate } from '../../protocol/psd2-certificate.ts';
import type { CaseDefinition } from '../suite/suite-definition.ts';
import { nearMissOfRef } from '../suite/template.ts';
import type { Target, TppCredentials } from '../targets/target-definition.ts';
import { builtinsUsed } from './applicability.ts';

// Certificates are parsed once per TPP, not once per case.
const cache = new WeakMap<TppCredentials, ReadonlyMap<string, string>>();

/**
 * The certificate values of `tpp`. A value the certificates do not give (no QSEAL certificate in the
 * target, no organizationIdentifier) is left out, so a case using it stops on an unbound value.
 */
export function tppValues(tpp: TppCredentials): ReadonlyMap<string, string> {
  const cached = cache.get(tpp);
  if (cached !== undefined) return cached;
  const values = new Map<string, string>();
  if (tpp.qseal.cert !== undefined) {
    const der = new X509Certificate(tpp.qseal.cert).raw;
    values.set('qsealX5c', der.toString('base64'));
    values.set('qsealFingerprint', createHash('sha256').update(der).digest('hex'));
  }
  values.set('qwacX5c', new X509Certificate(tpp.qwac.cert).raw.toString('base64'));
  const org = readPsd2Certificate(tpp.qwac.cert).organizationIdentifier;
  if (org !== undefined) values.set('organizationId', org);
  cache.set(tpp, values);
  return values;
}

/**
 * The near-miss QSEALs a case names (`qsealNearMiss.<name>`), as base64 DER by reference: the case
 * TPP's QSEAL issued again under the target's `qsealIssuer` with one field wrong
 * (pki/qseal-near-misses.ts). Empty when the target cannot issue them (the case is then not applicable).
 */
export async function nearMissValues(
  definition: CaseDefinition,
  target: Target,
  tpp: TppCredentials,
): Promise<Array<[string, string]>> {
  const issuer = target.qsealIssuer;
  const qsealCert = tpp.qseal.cert;
  if (issuer === undefined || qsealCert === undefined) return [];
  const values: Array<[string, string]> = [];
  for (const ref of builtinsUsed(definition)) {
    const name = nearMissOfRef(ref);
    if (name === undefined) continue;
    const der = await issueQsealNearMiss(name, {
      issuer,
      qseal: { certPem: qsealCert, keyPem: tpp.qseal.key },
    });
    values.push([ref, Buffer.from(der).toString('base64')]);
  }
  return values;
}
