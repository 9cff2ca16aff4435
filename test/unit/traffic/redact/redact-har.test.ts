import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHar } from '../../../../traffic/har/parse-har.ts';
import { hasValidIbanCheckDigits } from '../../../../protocol/index.ts';
import { redactHar } from '../../../../traffic/redact/redact-har.ts';
import { SecretBook } from '../../../../traffic/redact/secret-book.ts';
import { verifyRedaction } from '../../../../traffic/redact/verify-redaction.ts';
import { serializeHar } from '../../../../traffic/har/har-file.ts';

const raw = readFileSync(new URL('../fixtures/ais-session.har', import.meta.url), 'utf8');
const secrets = [
  'at-7f3a9c1e5b2d4f6a8c0e',
  'rt-1b2c3d4e5f60718293a4',
  'code-5e6f7a8b9c0d',
  'c2lnbmF0dXJlLXZhbHVlLW9mLXRoZS1yZXF1ZXN0LTAx',
  'FR7630006000011234567890189',
  'FR1420041010050500013M02606',
  'alice-4711',
  '12345678',
  'Alice Martin',
  '203.0.113.77',
];

describe('redactHar', () => {
  const { har, book } = redactHar(parseHar(raw));
  const text = serializeHar(har);

  it('leaves none of the session secrets in the output', () => {
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(verifyRedaction(har, book)).toEqual([]);
  });

  it('replaces one value by the same placeholder everywhere, so the flow stays readable', () => {
    const code = book.replaceIn('code-5e6f7a8b9c0d');
    expect(code).toBe('REDACTED-CODE-1');
    expect(har.log.entries[0]?.response.headers.find((h) => h.name === 'location')?.value).toContain(code);
    expect(har.log.entries[1]?.request.postData?.text).toContain(`code=${code}`);
    const token = book.replaceIn('at-7f3a9c1e5b2d4f6a8c0e');
    expect(har.log.entries[1]?.response.content.text).toContain(token);
    expect(har.log.entries[3]?.request.headers.find((h) => h.name === 'authorization')?.value).toBe(
      `Bearer ${token}`,
    );
  });

  it('keeps the country, the length and valid check digits of a redacted IBAN', () => {
    const placeholder = book.replaceIn('FR1420041010050500013M02606');
    expect(placeholder).toMatch(/^FR\d{2}/);
    expect(placeholder).toHaveLength(27);
    expect(hasValidIbanCheckDigits(placeholder)).toBe(true);
    expect(placeholder).not.toBe('FR1420041010050500013M02606');
  });

  it('keeps what is not secret: key ids, balance labels, error codes and amounts', () => {
    expect(text).toContain('keyId=\\"PSDFR-ACPR-12345\\"');
    expect(text).toContain('Solde comptable');
    expect(text).toContain('NGAC');
    expect(text).toContain('1520.30');
  });

  it('keeps a redacted JSON body valid JSON', () => {
    for (const e of har.log.entries)
      if (e.response.content.text)
        expect(() => {
          JSON.parse(e.response.content.text ?? '');
        }).not.toThrow();
  });
});

describe('verifyRedaction', () => {
  it('reports a secret that a redaction step missed', () => {
    const { har, book } = redactHar(parseHar(raw));
    const first = har.log.entries[1];
    if (first === undefined) throw new Error('fixture changed');
    first.comment = 'debug: at-7f3a9c1e5b2d4f6a8c0e';
    expect(verifyRedaction(har, book)).toEqual([{ entry: 1, where: 'comment' }]);
  });

  it('reports a secret-shaped value the book never saw', () => {
    const { har, book } = redactHar(parseHar(raw));
    har.log.entries[2]?.request.headers.push({ name: 'authorization', value: 'Bearer unseen-token-value' });
    expect(verifyRedaction(har, book).map((l) => l.where)).toContain(
      'a secret-shaped value that is not a placeholder',
    );
  });
});

describe('SecretBook', () => {
  it('never rewrites a placeholder when a shorter secret occurs inside it', () => {
    const book = new SecretBook();
    const long = book.add('access-token', 'abcdef-123');
    book.add('otp', 'ACC');
    expect(book.replaceIn('x abcdef-123 y')).toBe(`x ${long} y`);
    expect(book.leaksIn(`x ${long} REDACTED-OTP-1 y`)).toEqual([]);
  });
});
