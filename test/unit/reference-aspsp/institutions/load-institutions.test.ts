import { describe, expect, it } from 'vitest';
import {
  InstitutionsConfigError,
  loadInstitutions,
  parseInstitutions,
} from '../../../../reference-aspsp/institutions/load-institutions.ts';

const entry = {
  code: '11111',
  name: 'Banque Test',
  sandbox: true,
  signatureHeaders: ['(request-target)', 'digest'],
  confirmationSegment: 'confirmation',
  fundsConfirmation: true,
  segment: 'private',
};

/** The message of the refusal of `document`, which must be an ERR_INSTITUTIONS_INVALID. */
function refusal(document: unknown): string {
  try {
    parseInstitutions(document);
  } catch (error) {
    expect(error).toBeInstanceOf(InstitutionsConfigError);
    expect(error).toMatchObject({ code: 'ERR_INSTITUTIONS_INVALID' });
    return (error as Error).message;
  }
  throw new Error('the document was accepted');
}

describe('the institutions file', () => {
  it('reads an entry as the institution it describes, with or without a freshness window', () => {
    expect(parseInstitutions({ institutions: [entry] })).toEqual([entry]);
    const fresh = { ...entry, signatureFreshness: { windowSeconds: 60, replayCache: true } };
    expect(parseInstitutions({ institutions: [fresh] })).toEqual([fresh]);
    expect(parseInstitutions({ institutions: [{ ...entry, signatureFreshness: null }] })).toEqual([entry]);
  });

  it('ships institutions every host form can resolve', () => {
    expect(loadInstitutions().map((i) => i.code)).toEqual(['10101', '20202', '30303']);
  });

  it.each([
    ['not a mapping', [], 'the file: expected a mapping with an institutions list, got []'],
    ['no list', {}, 'the file: missing "institutions"'],
    ['an empty list', { institutions: [] }, 'institutions: expected a non-empty list, got []'],
    ['an entry that is no mapping', { institutions: ['x'] }, 'institutions[0]: expected a mapping, got "x"'],
    [
      'an entry without name',
      { institutions: [{ ...entry, name: undefined }] },
      'institutions[0]: missing "name"',
    ],
    [
      'a code of four digits',
      { institutions: [{ ...entry, code: '1010' }] },
      'institutions[0].code: expected five digits, got "1010"',
    ],
    [
      'a code as a number',
      { institutions: [{ ...entry, code: 10101 }] },
      'institutions[0].code: expected five digits, got 10101',
    ],
    [
      'an empty name',
      { institutions: [{ ...entry, name: '' }] },
      'institutions[0].name: expected a string, got ""',
    ],
    [
      'sandbox as a word',
      { institutions: [{ ...entry, sandbox: 'yes' }] },
      'institutions[0].sandbox: expected true or false, got "yes"',
    ],
    [
      'headers without (request-target)',
      { institutions: [{ ...entry, signatureHeaders: ['digest'] }] },
      'institutions[0].signatureHeaders: expected a list including (request-target), got ["digest"]',
    ],
    [
      'a header name in capitals',
      { institutions: [{ ...entry, signatureHeaders: ['(request-target)', 'Digest'] }] },
      'institutions[0].signatureHeaders[1]: expected a lower-case header name, got "Digest"',
    ],
    [
      'another confirmation segment',
      { institutions: [{ ...entry, confirmationSegment: 'confirm' }] },
      'institutions[0].confirmationSegment: expected confirmation or o-confirmation, got "confirm"',
    ],
    [
      'another segment',
      { institutions: [{ ...entry, segment: 'retail' }] },
      'institutions[0].segment: expected private or professional, got "retail"',
    ],
    [
      'a window of zero seconds',
      { institutions: [{ ...entry, signatureFreshness: { windowSeconds: 0, replayCache: false } }] },
      'institutions[0].signatureFreshness.windowSeconds: expected a positive whole number of seconds, got 0',
    ],
    [
      'a window of a second and a half',
      { institutions: [{ ...entry, signatureFreshness: { windowSeconds: 1.5, replayCache: false } }] },
      'institutions[0].signatureFreshness.windowSeconds: expected a positive whole number of seconds, got 1.5',
    ],
    [
      'a freshness window without replayCache',
      { institutions: [{ ...entry, signatureFreshness: { windowSeconds: 30 } }] },
      'institutions[0].signatureFreshness: missing "replayCache"',
    ],
    [
      'the same code twice',
      { institutions: [entry, { ...entry, name: 'Other' }] },
      'institutions[1].code: 11111 is listed twice',
    ],
  ])('refuses %s with ERR_INSTITUTIONS_INVALID naming the value', (_, document, message) => {
    expect(refusal(document)).toBe(message);
  });
});
