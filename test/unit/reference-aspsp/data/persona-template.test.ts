import { describe, expect, it } from 'vitest';
import {
  PersonaFileError,
  parsePersonaTemplates,
} from '../../../../reference-aspsp/data/persona-template.ts';

const base = {
  name: 'zoe',
  description: 'test',
  firstName: 'Zoe',
  lastName: 'Test',
  usage: 'PRIV',
  subscription: 'active',
  institutions: ['10101'],
  identifiers: { private: '19999999', professional: '199999-01' },
  liveIdentifiers: { private: '59999999', professional: '599999-01' },
  accounts: [
    {
      key: 'A',
      product: 'p',
      name: 'n',
      currency: 'EUR',
      state: 'enabled',
      openedDaysAgo: 10,
      openingBalance: '1.00',
      history: { recent: 1, older: 0, pending: 0, future: 0 },
    },
  ],
};

describe('parsePersonaTemplates', () => {
  it('fills defaults of a minimal persona', () => {
    const [zoe] = parsePersonaTemplates({ personas: [structuredClone(base)] });
    expect(zoe?.cards).toEqual([]);
    expect(zoe?.accounts[0]?.currencyAccounts).toEqual([]);
    expect(zoe?.accounts[0]?.overdraft).toBe('0.00');
  });

  it('refuses an unknown field with its path', () => {
    expect(() => parsePersonaTemplates({ personas: [{ ...structuredClone(base), nickname: 'z' }] })).toThrow(
      PersonaFileError,
    );
  });

  it('refuses a card backed by an account the persona does not have', () => {
    const card = {
      key: 'C',
      backing: 'Z',
      product: 'p',
      name: 'n',
      available: true,
      receipts: 1,
      carriedOver: '0.00',
    };
    expect(() => parsePersonaTemplates({ personas: [{ ...structuredClone(base), cards: [card] }] })).toThrow(
      /unknown account Z/,
    );
  });

  it('refuses a live identifier that is also a sandbox identifier (it would work on the live host)', () => {
    const other = {
      ...structuredClone(base),
      name: 'other',
      identifiers: { private: '18888888', professional: '188888-01' },
      liveIdentifiers: { private: '19999999', professional: '588888-01' },
    };
    expect(() => parsePersonaTemplates({ personas: [structuredClone(base), other] })).toThrow(
      /identifier 19999999 is used twice/,
    );
  });

  it('refuses two personas with the same identifier', () => {
    const twin = { ...structuredClone(base), name: 'twin' };
    expect(() => parsePersonaTemplates({ personas: [structuredClone(base), twin] })).toThrow(/used twice/);
  });
});
