import { describe, expect, it } from 'vitest';
import { SecretBook } from '../../../../traffic/redact/secret-book.ts';

describe('redaction replaces whole values only', () => {
  const book = new SecretBook();
  const card = book.add('psu-id', '123');
  const iban = book.add('iban', 'FR7630006000011234567890189');

  it('replaces a secret that is the whole value, in a query, a path segment, a header or a sentence', () => {
    expect(book.replaceIn('123')).toBe(card);
    expect(book.replaceIn('/accounts?card=123&page=2')).toBe(`/accounts?card=${card}&page=2`);
    expect(book.replaceIn('/accounts/FR7630006000011234567890189/balances')).toBe(
      `/accounts/${iban}/balances`,
    );
    expect(book.replaceIn('Bearer 123')).toBe(`Bearer ${card}`);
    expect(book.replaceIn('account FR7630006000011234567890189.')).toBe(`account ${iban}.`);
  });

  it('never rewrites a longer value it is part of: an amount, a reference, a date, a word', () => {
    for (const text of [
      '123.45',
      '0.123',
      '1234',
      'A123',
      '123-9',
      'ref_123',
      '2026-01-123x',
      'FR7630006000011234567890189X',
    ])
      expect(book.replaceIn(text), text).toBe(text);
  });

  it('sees a leak only where the secret stands as a whole value', () => {
    expect(book.leaksIn('{"amount":"123.45"}')).toEqual([]);
    expect(book.leaksIn('{"identification":"123"}')).toEqual(['123']);
  });
});
