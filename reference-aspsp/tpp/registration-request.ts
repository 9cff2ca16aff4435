import type { JSONSchemaType } from 'ajv';
import { compileShape } from '../lib/compile-shape.ts';

/** The part of a STET registration request (RFC 7591 style) the reference uses. */
export interface RegistrationRequest {
  readonly redirectUris: readonly string[];
  readonly clientName: string;
  readonly providerLegalId: string;
  /** Space-separated roles asked for (`aisp cbpii pisp`); absent: every role of the QWAC. */
  readonly scope: string | undefined;
  /** The QSEAL certificate (DER), from `jwks.keys[0].x5c[0]`. */
  readonly qsealDer: Uint8Array;
}

/**
 * What the reference reads of a registration body. The route validated the spec's
 * `RegistrationRequest` first (required fields, types, `tls_client_auth`, the provider_legal_id
 * pattern), so this shape only narrows the type; compiled once.
 */
interface RegistrationBody {
  readonly redirect_uris: readonly string[];
  readonly client_name: string;
  readonly provider_legal_id: string;
  readonly scope?: string;
  readonly jwks: { readonly keys: readonly { readonly x5c: readonly string[] }[] };
}

const text = { type: 'string' } as const;

const registrationBody: JSONSchemaType<RegistrationBody> = {
  type: 'object',
  properties: {
    redirect_uris: { type: 'array', items: text, minItems: 1 },
    client_name: text,
    provider_legal_id: text,
    scope: { type: 'string', nullable: true },
    jwks: {
      type: 'object',
      properties: {
        keys: {
          type: 'array',
          minItems: 1,
          items: {
            type: 'object',
            properties: { x5c: { type: 'array', items: text, minItems: 1 } },
            required: ['x5c'],
          },
        },
      },
      required: ['keys'],
    },
  },
  required: ['redirect_uris', 'client_name', 'provider_legal_id', 'jwks'],
};

const isRegistrationBody = compileShape(registrationBody);

/**
 * Parses a registration body that passed the spec's `RegistrationRequest` schema: what the schema
 * does not say (https redirect URIs without fragment, the QSEAL as base64 DER in `jwks.keys[0].x5c[0]`;
 * the client_name is the bank's choice to check, choices/reg-choices.ts). Returns the first problem as text.
 */
export function parseRegistrationRequest(value: unknown): RegistrationRequest | string {
  if (!isRegistrationBody(value)) return 'the body is not a registration request';
  const {
    redirect_uris: redirectUris,
    client_name: clientName,
    provider_legal_id: providerLegalId,
    scope,
  } = value;
  if (!redirectUris.every((uri) => /^https:\/\/[^\s#]+$/.test(uri) && URL.canParse(uri)))
    return 'redirect_uris must hold https URLs without fragment';
  const x5c = value.jwks.keys[0]?.x5c[0] ?? '';
  if (!/^[A-Za-z0-9+/]+=*$/.test(x5c))
    return 'jwks.keys[0].x5c[0] must hold the QSEAL certificate (base64 DER)';
  return {
    redirectUris: [...redirectUris],
    clientName,
    providerLegalId,
    scope,
    qsealDer: Buffer.from(x5c, 'base64'),
  };
}
