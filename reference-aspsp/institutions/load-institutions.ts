import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CodedError } from '../../lib/coded-error.ts';
import { configShape } from '../lib/config-shape.ts';
import type { Institution, SignatureFreshness } from './institution.ts';

/** Raised when the institutions file is not what {@link loadInstitutions} expects. */
export class InstitutionsConfigError extends CodedError<'ERR_INSTITUTIONS_INVALID'> {
  constructor(message: string) {
    super('ERR_INSTITUTIONS_INVALID', message, {
      hint: 'fix reference-aspsp/institutions/institutions.yaml',
    });
  }
}

/** The institutions file shipped with the reference. */
export const defaultInstitutionsFile = new URL('./institutions.yaml', import.meta.url);

/** One entry of the file: an {@link Institution} less what only the sandbox sets at run time. */
type InstitutionEntry = Omit<Institution, 'transactionPageSize' | 'signatureFreshness'> & {
  /** null reads as absent (`signatureFreshness:` left empty). */
  readonly signatureFreshness?: SignatureFreshness | null;
};

interface InstitutionsDocument {
  readonly institutions: readonly InstitutionEntry[];
}

/**
 * The file's shape. Header names are lower-case, as a Signature's `headers` list writes them, so the
 * policy is compared as written; other keys of an entry are left alone (comments of a deployment).
 */
const parseDocument = configShape<InstitutionsDocument>(
  {
    type: 'object',
    description: 'expected a mapping with an institutions list',
    required: ['institutions'],
    properties: {
      institutions: {
        type: 'array',
        description: 'expected a non-empty list',
        minItems: 1,
        items: {
          type: 'object',
          description: 'expected a mapping',
          required: [
            'code',
            'name',
            'sandbox',
            'signatureHeaders',
            'confirmationSegment',
            'fundsConfirmation',
            'segment',
          ],
          properties: {
            code: { type: 'string', description: 'expected five digits', pattern: '^[0-9]{5}$' },
            name: { type: 'string', description: 'expected a string', minLength: 1 },
            sandbox: { type: 'boolean', description: 'expected true or false' },
            signatureHeaders: {
              type: 'array',
              description: 'expected a list including (request-target)',
              items: {
                type: 'string',
                description: 'expected a lower-case header name',
                pattern: '^[a-z0-9()-]+$',
              },
              contains: { type: 'string', const: '(request-target)' },
            },
            confirmationSegment: {
              type: 'string',
              description: 'expected confirmation or o-confirmation',
              enum: ['confirmation', 'o-confirmation'],
            },
            fundsConfirmation: { type: 'boolean', description: 'expected true or false' },
            segment: {
              type: 'string',
              description: 'expected private or professional',
              enum: ['private', 'professional'],
            },
            signatureFreshness: {
              type: 'object',
              nullable: true,
              description: 'expected a mapping of windowSeconds and replayCache',
              required: ['windowSeconds', 'replayCache'],
              properties: {
                windowSeconds: {
                  type: 'integer',
                  description: 'expected a positive whole number of seconds',
                  minimum: 1,
                },
                replayCache: { type: 'boolean', description: 'expected true or false' },
              },
            },
          },
        },
      },
    },
  },
  'the file',
);

/** Reads and parses the institutions file (`institutions: [...]`). */
export function loadInstitutions(file: URL | string = defaultInstitutionsFile): Institution[] {
  return parseInstitutions(parse(readFileSync(file, 'utf8')));
}

/** Parses the document of an institutions file; throws {@link InstitutionsConfigError}. */
export function parseInstitutions(document: unknown): Institution[] {
  const parsed = parseDocument(document);
  if (!parsed.ok) throw new InstitutionsConfigError(parsed.message);
  const { institutions } = parsed.value;
  const twice = institutions.findIndex(
    (entry, index) => institutions.findIndex((e) => e.code === entry.code) !== index,
  );
  if (twice !== -1)
    throw new InstitutionsConfigError(
      `institutions[${twice}].code: ${institutions[twice]?.code} is listed twice`,
    );
  // Absent and null (`signatureFreshness:` left empty) both leave the option off: a mapping is truthy.
  return institutions.map(({ signatureFreshness, ...entry }) => ({
    ...entry,
    ...(signatureFreshness ? { signatureFreshness } : {}),
  }));
}
