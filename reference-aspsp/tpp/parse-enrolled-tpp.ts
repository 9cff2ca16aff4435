import { apiRoles } from '../lib/api-roles.ts';
import { isRecord } from '../lib/is-record.ts';
import type { Role } from '../../spec/lib/index.ts';
import type { EnrolledTpp } from './enrolled-tpp.ts';

/** Parses a stored enrolment; throws on a value that is not one (a corrupted store is a bug, not input). */
export function parseEnrolledTpp(value: unknown): EnrolledTpp {
  if (!isRecord(value)) throw new Error('stored TPP is not an object');
  const roles = value.roles;
  const redirectUris = value.redirectUris;
  if (!Array.isArray(roles) || !Array.isArray(redirectUris))
    throw new Error('stored TPP lacks roles or redirectUris');
  const origin = value.origin;
  if (origin !== 'demo' && origin !== 'register') throw new Error('stored TPP has an unknown origin');
  return {
    clientId: str(value.clientId),
    organizationIdentifier: str(value.organizationIdentifier),
    name: str(value.name),
    roles: roles.map(role),
    qwacFingerprint: str(value.qwacFingerprint),
    qwacPublicKeyPem: str(value.qwacPublicKeyPem),
    qsealFingerprint: str(value.qsealFingerprint),
    qsealPublicKeyPem: str(value.qsealPublicKeyPem),
    redirectUris: redirectUris.map(str),
    origin,
  };
}

function str(value: unknown): string {
  if (typeof value !== 'string') throw new Error('stored TPP field is not a string');
  return value;
}

function role(value: unknown): Role {
  const found = apiRoles.find((r) => r === value);
  if (found === undefined) throw new Error(`stored TPP has an unknown role ${String(value)}`);
  return found;
}
