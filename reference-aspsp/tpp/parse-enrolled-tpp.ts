import type { JSONSchemaType } from 'ajv';
import { apiRoles } from '../lib/api-roles.ts';
import { storedShape } from '../store/index.ts';
import type { EnrolledTpp } from './enrolled-tpp.ts';

const text = { type: 'string' } as const;

/**
 * A stored enrolment, as `tppRegistry.enrol` writes it (extra fields of another version are kept: the
 * `origin` an earlier version wrote, never read).
 */
const storedTpp: JSONSchemaType<EnrolledTpp> = {
  type: 'object',
  properties: {
    clientId: text,
    organizationIdentifier: text,
    name: text,
    roles: { type: 'array', items: { type: 'string', enum: [...apiRoles] } },
    qwacFingerprint: text,
    qwacPublicKeyPem: text,
    qsealFingerprint: text,
    qsealPublicKeyPem: text,
    redirectUris: { type: 'array', items: text },
  },
  required: [
    'clientId',
    'organizationIdentifier',
    'name',
    'roles',
    'qwacFingerprint',
    'qwacPublicKeyPem',
    'qsealFingerprint',
    'qsealPublicKeyPem',
    'redirectUris',
  ],
  additionalProperties: true,
};

/**
 * Parses a stored TPP (the `tpps` collection); throws, naming what does not fit, on a value of
 * another shape (a data directory of another version).
 */
export const parseEnrolledTpp: (value: unknown) => EnrolledTpp = storedShape(storedTpp);
