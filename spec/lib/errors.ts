/**
 * The error catalogue of `spec/errors.yaml`: every code the API answers with, its HTTP status(es) and
 * body kind, with the seed's alternative spellings (ISPM for NIMP, TQMR for TMRQ) as aliases.
 */
import { array, integer, oneOf, optionalArray, optionalBoolean, reader, string, boolean } from './parse.ts';
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

/**
 * The entry of a code the caller is sure of (the reference raising a refusal): an unknown one is a bug
 * of the caller, raised where the code is written rather than sent on the wire.
 */
export function catalogueError(codeOrAlias: string): ErrorEntry {
  const entry = lookupError(codeOrAlias);
  if (entry === undefined)
    throw new SpecError(
      'ERR_SPEC_UNKNOWN_ERROR_CODE',
      `error code ${codeOrAlias} is not in spec/errors.yaml`,
    );
  return entry;
}

/** True when `status` is one of the statuses the catalogue lists for `codeOrAlias`. */
export function isCatalogued(codeOrAlias: string, status: number): boolean {
  return lookupError(codeOrAlias)?.contexts.some((c) => c.httpStatus === status) ?? false;
}

/** Parses an error catalogue document; rejects a code or alias listed twice. */
export function parseErrors(value: unknown, file: string): ErrorEntry[] {
  const root: At = { file, path: '$' };
  const list = reader(value, root).get('errors', array(parseEntry));
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
  const o = reader(value, where);
  return {
    httpStatus: o.get('httpStatus', integer),
    condition: o.get('condition', string),
  };
}

function parseEntry(value: unknown, where: At): ErrorEntry {
  const o = reader(value, where);
  const httpStatus = o.get('httpStatus', integer);
  const meaning = o.get('meaning', string);
  const contexts = o.get('contexts', optionalArray(parseContext));
  if (contexts.length > 0 && contexts[0]?.httpStatus !== httpStatus) {
    throw new SpecError(
      'ERR_SPEC_INVALID',
      `${where.file}: ${where.path}.contexts must start with httpStatus ${httpStatus}`,
    );
  }
  return {
    code: o.get('code', string),
    aliases: o.get('aliases', optionalArray(string)),
    name: o.get('name', string),
    meaning,
    httpStatus,
    statusIsChoice: o.get('statusIsChoice', boolean),
    codeIsChoice: o.get('codeIsChoice', optionalBoolean),
    contexts: contexts.length > 0 ? contexts : [{ httpStatus, condition: meaning }],
    body: o.get('body', oneOf(['stet', 'oauth'] as const)),
    origin: o.get('origin', oneOf(['seed', 'reference'] as const)),
  };
}
