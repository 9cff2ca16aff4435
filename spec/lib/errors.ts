/**
 * The error catalogue of `spec/errors.yaml`: every code the API answers with, its HTTP status(es) and
 * body kind, with the seed's alternative spellings (ISPM for NIMP, TQMR for TMRQ) as aliases.
 */
import {
  array,
  field,
  integer,
  object,
  oneOf,
  optionalArray,
  optionalBoolean,
  string,
  boolean,
} from './parse.ts';
import type { At } from './parse.ts';
import { readSpecYaml } from './spec-files.ts';
import { SpecError } from './spec-error.ts';

/** One (status, condition) use of a code. */
export interface ErrorContext {
  httpStatus: number;
  condition: string;
}

/** One error code of the catalogue. */
export interface ErrorEntry {
  code: string;
  /** Other spellings of the same code met in the field (the seed writes ISPM for NIMP). */
  aliases: string[];
  name: string;
  meaning: string;
  /** Status of the code's main use; every use is in {@link ErrorEntry.contexts}. */
  httpStatus: number;
  /** True when the seed shows no status for the code and we chose one from STET usage. */
  statusIsChoice: boolean;
  /** True when the seed shows the status but names no code and we chose the code. */
  codeIsChoice: boolean;
  /** Every (status, condition) the code is used with, the main one first. */
  contexts: ErrorContext[];
  /** `stet`: ErrorModel with the code in `message`; `oauth`: RFC 6749 `{ error, error_description }`. */
  body: 'stet' | 'oauth';
  /** `seed`: the seed names it; `reference`: our choice for a refusal the seed leaves unnamed, or RFC 6749. */
  origin: 'seed' | 'reference';
}

const FILE = 'errors.yaml';
let cached: { list: readonly ErrorEntry[]; byCode: ReadonlyMap<string, ErrorEntry> } | undefined;

function load(): NonNullable<typeof cached> {
  if (cached === undefined) {
    const list = parseErrors(readSpecYaml(FILE), FILE);
    const byCode = new Map<string, ErrorEntry>();
    for (const entry of list) for (const name of [entry.code, ...entry.aliases]) byCode.set(name, entry);
    cached = { list: Object.freeze(list), byCode };
  }
  return cached;
}

/** Every entry of the catalogue, in file order. */
export function listErrors(): readonly ErrorEntry[] {
  return load().list;
}

/** The entry of a code or of one of its aliases (`ISPM` gives the NIMP entry); case-sensitive. */
export function lookupError(codeOrAlias: string): ErrorEntry | undefined {
  return load().byCode.get(codeOrAlias);
}

/** True when `status` is one of the statuses the catalogue lists for `codeOrAlias`. */
export function isCatalogued(codeOrAlias: string, status: number): boolean {
  return lookupError(codeOrAlias)?.contexts.some((c) => c.httpStatus === status) ?? false;
}

/** Parses an error catalogue document; rejects a code or alias listed twice. */
export function parseErrors(value: unknown, file: string): ErrorEntry[] {
  const root: At = { file, path: '$' };
  const list = field(object(value, root), 'errors', root, array(parseEntry));
  const seen = new Set<string>();
  for (const entry of list) {
    for (const name of [entry.code, ...entry.aliases]) {
      if (seen.has(name))
        throw new SpecError('ERR_SPEC_INVALID', `${file}: error code ${name} is listed twice`);
      seen.add(name);
    }
  }
  return list;
}

function parseContext(value: unknown, where: At): ErrorContext {
  const o = object(value, where);
  return {
    httpStatus: field(o, 'httpStatus', where, integer),
    condition: field(o, 'condition', where, string),
  };
}

function parseEntry(value: unknown, where: At): ErrorEntry {
  const o = object(value, where);
  const httpStatus = field(o, 'httpStatus', where, integer);
  const meaning = field(o, 'meaning', where, string);
  const contexts = field(o, 'contexts', where, optionalArray(parseContext));
  if (contexts.length > 0 && contexts[0]?.httpStatus !== httpStatus) {
    throw new SpecError(
      'ERR_SPEC_INVALID',
      `${where.file}: ${where.path}.contexts must start with httpStatus ${httpStatus}`,
    );
  }
  return {
    code: field(o, 'code', where, string),
    aliases: field(o, 'aliases', where, optionalArray(string)),
    name: field(o, 'name', where, string),
    meaning,
    httpStatus,
    statusIsChoice: field(o, 'statusIsChoice', where, boolean),
    codeIsChoice: field(o, 'codeIsChoice', where, optionalBoolean),
    contexts: contexts.length > 0 ? contexts : [{ httpStatus, condition: meaning }],
    body: field(o, 'body', where, oneOf(['stet', 'oauth'] as const)),
    origin: field(o, 'origin', where, oneOf(['seed', 'reference'] as const)),
  };
}
