import { Ajv, type JSONSchemaType } from 'ajv';
import { CodedError } from '../../lib/coded-error.ts';

/**
 * One persona of `personas.yaml`: who the PSU is and what accounts and cards it holds.
 *
 * A template holds no dates and no transactions: those are generated from a seed relative to the
 * PSU's clock (generate-psu-data.ts), so the same template serves every clone and every instant.
 */
export interface PersonaTemplate {
  readonly name: string;
  readonly description: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly usage: 'PRIV' | 'ORGA';
  /** `terminated`: remote banking subscription ended, identification is refused (IPSU). */
  readonly subscription: 'active' | 'terminated';
  /** Codes of the institutions where the template (psuId = name) exists. */
  readonly institutions: readonly string[];
  /** Identifier of the template per customer segment of the institution, in the sandbox. */
  readonly identifiers: PersonaIdentifiers;
  /**
   * Identifiers of the same PSU as a customer of the live host: the sandbox ones must not work there
   * (seed: persona data cannot be used in live).
   */
  readonly liveIdentifiers: PersonaIdentifiers;
  readonly accounts: readonly AccountTemplate[];
  readonly cards: readonly CardTemplate[];
}

/** One identifier per customer segment: `private` (8 digits), `professional` (subscription-usage). */
export interface PersonaIdentifiers {
  readonly private: string;
  readonly professional: string;
}

/** A payment account of a persona. */
export interface AccountTemplate {
  /** Key unique within the persona, stable across clones (`A`, `B`, …). */
  readonly key: string;
  readonly product: string;
  readonly name: string;
  readonly currency: string;
  /** Other currencies the same IBAN is held in: currency accounts, listed from v1.6.2 only. */
  readonly currencyAccounts: readonly string[];
  readonly state: AccountState;
  /** Days between opening and the PSU's clock at generation; 0 = opened at that instant. */
  readonly openedDaysAgo: number;
  readonly openingBalance: string;
  /** Authorised overdraft (v1.6.2 overdrafts resource); 0 when none. */
  readonly overdraft: string;
  /**
   * A floor the instant balance (OTHR) never goes below, whatever the PSU's clock: the opening balance
   * is raised as far as the generated history needs (generate-psu-data.ts). Suites rely on it to find
   * money on an account (funds confirmation) without depending on the random history.
   */
  readonly instantBalanceFloor?: string;
  readonly coOwners: readonly { readonly firstName: string; readonly lastName: string }[];
  readonly history: HistoryTemplate;
}

/** How many transactions to generate, by period and status. */
export interface HistoryTemplate {
  /** Booked in the last 90 days (today included). */
  readonly recent: number;
  /** Booked between 91 and 400 days ago. */
  readonly older: number;
  /** PDNG: not yet counted, with an expectedBookingDate. */
  readonly pending: number;
  /** FUTR: future entries with an expectedBookingDate. */
  readonly future: number;
}

/** State of an account or card, changed by the sandbox control API. */
export type AccountState = 'enabled' | 'blocked' | 'closed';

/** A deferred-debit card linked to one of the persona's accounts. */
export interface CardTemplate {
  readonly key: string;
  /** Key of the backing account. */
  readonly backing: string;
  readonly product: string;
  readonly name: string;
  /** False: listed but no longer accessible (CDNA). */
  readonly available: boolean;
  /** Card receipts over the last 90 days. */
  readonly receipts: number;
  /** Outstanding carried over to the following month. */
  readonly carriedOver: string;
}

const amount = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$' } as const;

const accountSchema: JSONSchemaType<AccountTemplate> = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'product', 'name', 'currency', 'state', 'openedDaysAgo', 'openingBalance', 'history'],
  properties: {
    key: { type: 'string', pattern: '^[A-Za-z0-9]+$' },
    product: { type: 'string', minLength: 1 },
    name: { type: 'string', minLength: 1 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    currencyAccounts: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Z]{3}$' },
      default: [],
    },
    state: { type: 'string', enum: ['enabled', 'blocked', 'closed'] },
    openedDaysAgo: { type: 'integer', minimum: 0 },
    openingBalance: amount,
    overdraft: { ...amount, default: '0.00' },
    instantBalanceFloor: { ...amount, nullable: true },
    coOwners: {
      type: 'array',
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['firstName', 'lastName'],
        properties: { firstName: { type: 'string' }, lastName: { type: 'string' } },
      },
    },
    history: {
      type: 'object',
      additionalProperties: false,
      required: ['recent', 'older', 'pending', 'future'],
      properties: {
        recent: { type: 'integer', minimum: 0 },
        older: { type: 'integer', minimum: 0 },
        pending: { type: 'integer', minimum: 0 },
        future: { type: 'integer', minimum: 0 },
      },
    },
  },
};

const cardSchema: JSONSchemaType<CardTemplate> = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'backing', 'product', 'name', 'available', 'receipts', 'carriedOver'],
  properties: {
    key: { type: 'string', pattern: '^[A-Za-z0-9]+$' },
    backing: { type: 'string' },
    product: { type: 'string', minLength: 1 },
    name: { type: 'string', minLength: 1 },
    available: { type: 'boolean' },
    receipts: { type: 'integer', minimum: 0 },
    carriedOver: amount,
  },
};

const identifiersSchema: JSONSchemaType<PersonaIdentifiers> = {
  type: 'object',
  additionalProperties: false,
  required: ['private', 'professional'],
  properties: {
    private: { type: 'string', pattern: '^\\d{8}$' },
    professional: { type: 'string', pattern: '^\\d{6}-\\d{2}$' },
  },
};

const personaSchema: JSONSchemaType<PersonaTemplate> = {
  type: 'object',
  additionalProperties: false,
  required: [
    'name',
    'description',
    'firstName',
    'lastName',
    'usage',
    'subscription',
    'institutions',
    'identifiers',
    'liveIdentifiers',
    'accounts',
  ],
  properties: {
    name: { type: 'string', pattern: '^[a-z][a-z0-9]*$' },
    description: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    usage: { type: 'string', enum: ['PRIV', 'ORGA'] },
    subscription: { type: 'string', enum: ['active', 'terminated'] },
    institutions: { type: 'array', items: { type: 'string', pattern: '^\\d{5}$' } },
    identifiers: identifiersSchema,
    liveIdentifiers: identifiersSchema,
    accounts: { type: 'array', items: accountSchema },
    cards: { type: 'array', items: cardSchema, default: [] },
  },
};

const fileSchema: JSONSchemaType<{ personas: PersonaTemplate[] }> = {
  type: 'object',
  additionalProperties: false,
  required: ['personas'],
  properties: { personas: { type: 'array', items: personaSchema, minItems: 1 } },
};

const validateFile = new Ajv({ allErrors: true, useDefaults: true }).compile(fileSchema);

/** Why a personas file was refused: a schema message or a broken cross-reference. */
export class PersonaFileError extends CodedError<'ERR_PERSONAS_INVALID'> {
  constructor(message: string) {
    super('ERR_PERSONAS_INVALID', message);
  }
}

/**
 * Parses the content of a personas file (already YAML-decoded) into templates.
 *
 * Beyond the schema it checks what a schema cannot: unique names, identifiers (sandbox and live together) and keys, and cards
 * backed by an account of the same persona.
 */
export function parsePersonaTemplates(value: unknown): readonly PersonaTemplate[] {
  if (!validateFile(value)) {
    const messages = (validateFile.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
    throw new PersonaFileError(`personas file invalid: ${messages.join('; ')}`);
  }
  const names = new Set<string>();
  const identifiers = new Set<string>();
  for (const persona of value.personas) {
    if (names.has(persona.name)) throw new PersonaFileError(`persona ${persona.name} is listed twice`);
    names.add(persona.name);
    // One set across sandbox and live: a sandbox identifier that is also a live one would work live.
    const { identifiers: sandbox, liveIdentifiers: live } = persona;
    for (const identifier of [sandbox.private, sandbox.professional, live.private, live.professional]) {
      if (identifiers.has(identifier)) throw new PersonaFileError(`identifier ${identifier} is used twice`);
      identifiers.add(identifier);
    }
    const keys = new Set<string>();
    for (const item of [...persona.accounts, ...persona.cards]) {
      if (keys.has(item.key)) throw new PersonaFileError(`${persona.name}: key ${item.key} is used twice`);
      keys.add(item.key);
    }
    for (const card of persona.cards) {
      if (!persona.accounts.some((account) => account.key === card.backing)) {
        throw new PersonaFileError(
          `${persona.name}: card ${card.key} is backed by unknown account ${card.backing}`,
        );
      }
    }
  }
  return value.personas;
}
