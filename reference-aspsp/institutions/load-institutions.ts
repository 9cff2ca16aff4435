import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { CodedError } from '../../lib/coded-error.ts';
import { isRecord } from '../lib/is-record.ts';
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

/** Reads and parses the institutions file (`institutions: [...]`). */
export function loadInstitutions(file: URL | string = defaultInstitutionsFile): Institution[] {
  return parseInstitutions(parse(readFileSync(file, 'utf8')));
}

/** Parses the document of an institutions file; throws {@link InstitutionsConfigError}. */
export function parseInstitutions(document: unknown): Institution[] {
  const list = field(document, 'institutions', 'the file');
  if (!Array.isArray(list) || list.length === 0)
    throw new InstitutionsConfigError('institutions: expected a non-empty list');
  const seen = new Set<string>();
  return list.map((item: unknown, index) => {
    const where = `institutions[${index}]`;
    const code = text(field(item, 'code', where), `${where}.code`);
    if (!/^\d{5}$/.test(code))
      throw new InstitutionsConfigError(`${where}.code: expected five digits, got "${code}"`);
    if (seen.has(code)) throw new InstitutionsConfigError(`${where}.code: ${code} is listed twice`);
    seen.add(code);
    const headers = field(item, 'signatureHeaders', where);
    if (!Array.isArray(headers) || !headers.includes('(request-target)')) {
      throw new InstitutionsConfigError(
        `${where}.signatureHeaders: expected a list including (request-target)`,
      );
    }
    const confirmationSegment = field(item, 'confirmationSegment', where);
    if (confirmationSegment !== 'confirmation' && confirmationSegment !== 'o-confirmation') {
      throw new InstitutionsConfigError(
        `${where}.confirmationSegment: expected confirmation or o-confirmation`,
      );
    }
    const segment = field(item, 'segment', where);
    if (segment !== 'private' && segment !== 'professional') {
      throw new InstitutionsConfigError(`${where}.segment: expected private or professional`);
    }
    return {
      code,
      name: text(field(item, 'name', where), `${where}.name`),
      sandbox: flag(field(item, 'sandbox', where), `${where}.sandbox`),
      signatureHeaders: headers.map((h: unknown, i) =>
        text(h, `${where}.signatureHeaders[${i}]`).toLowerCase(),
      ),
      confirmationSegment,
      fundsConfirmation: flag(field(item, 'fundsConfirmation', where), `${where}.fundsConfirmation`),
      segment,
      ...freshness(item, where),
    };
  });
}

/** The optional `signatureFreshness: { windowSeconds, replayCache }` of an institution. */
function freshness(item: unknown, where: string): { signatureFreshness?: SignatureFreshness } {
  if (!isRecord(item) || item.signatureFreshness === undefined) return {};
  const at = `${where}.signatureFreshness`;
  const windowSeconds = field(item.signatureFreshness, 'windowSeconds', at);
  if (typeof windowSeconds !== 'number' || !Number.isInteger(windowSeconds) || windowSeconds < 1)
    throw new InstitutionsConfigError(`${at}.windowSeconds: expected a positive whole number of seconds`);
  const replayCache = flag(field(item.signatureFreshness, 'replayCache', at), `${at}.replayCache`);
  return { signatureFreshness: { windowSeconds, replayCache } };
}

function field(value: unknown, name: string, where: string): unknown {
  if (!isRecord(value) || !(name in value)) throw new InstitutionsConfigError(`${where}: missing "${name}"`);
  return value[name];
}

function text(value: unknown, where: string): string {
  if (typeof value !== 'string' || value === '')
    throw new InstitutionsConfigError(`${where}: expected a string`);
  return value;
}

function flag(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') throw new InstitutionsConfigError(`${where}: expected true or false`);
  return value;
}
