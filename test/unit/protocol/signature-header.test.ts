import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SignatureHeaderError,
  formatSignatureHeader,
  parseSignatureHeader,
} from '../../../protocol/signature-header.ts';

const good =
  'keyId="PSDFR-ACPR-12345",algorithm="rsa-sha256",headers="(request-target) Digest x-request-id",signature="YWJj"';

describe('parseSignatureHeader', () => {
  it('reads keyId, algorithm, lower-cased headers and the signature', () => {
    expect(parseSignatureHeader(good)).toEqual({
      keyId: 'PSDFR-ACPR-12345',
      algorithm: 'rsa-sha256',
      headers: ['(request-target)', 'digest', 'x-request-id'],
      signature: 'YWJj',
      created: undefined,
      expires: undefined,
    });
  });

  it('accepts spaces around separators, any parameter-name case, commas inside quotes and unknown parameters', () => {
    const parsed = parseSignatureHeader(
      ' KEYID = "https://tpp.example/qseal_ab,cd" , foo="bar", headers="(request-target)" ,signature="YWJj", created=1402170695',
    );
    expect(parsed.keyId).toBe('https://tpp.example/qseal_ab,cd');
    expect(parsed.algorithm).toBeUndefined();
    expect(parsed.headers).toEqual(['(request-target)']);
    expect(parsed.created).toBe(1402170695);
  });

  it('splits the covered headers on runs of spaces, keeping a tab inside a name', () => {
    expect(
      parseSignatureHeader('keyId="k",headers="  Digest   X-Request-ID a\tb ",signature="YWJj"').headers,
    ).toEqual(['digest', 'x-request-id', 'a\tb']);
  });

  it('defaults the covered headers to (created) as draft 12 says', () => {
    expect(parseSignatureHeader('keyId="k",signature="YWJj"').headers).toEqual(['(created)']);
  });

  it.each([
    ['', 'ERR_SIGNATURE_HEADER_EMPTY'],
    ['   ', 'ERR_SIGNATURE_HEADER_EMPTY'],
    ['keyId', 'ERR_SIGNATURE_HEADER_SYNTAX'],
    ['keyId="k" signature="s"', 'ERR_SIGNATURE_HEADER_SYNTAX'],
    ['keyId="k,signature="s"', 'ERR_SIGNATURE_HEADER_SYNTAX'],
    ['keyId="k",,signature="s"', 'ERR_SIGNATURE_HEADER_SYNTAX'],
    ['keyId=,signature="s"', 'ERR_SIGNATURE_HEADER_SYNTAX'],
    ['keyId="k",signature="s",', 'ERR_SIGNATURE_HEADER_SYNTAX'],
    ['keyId="a",keyId="b",signature="s"', 'ERR_SIGNATURE_HEADER_DUPLICATE_PARAM'],
    ['signature="s"', 'ERR_SIGNATURE_HEADER_MISSING_PARAM'],
    ['keyId="k"', 'ERR_SIGNATURE_HEADER_MISSING_PARAM'],
    ['keyId="",signature="s"', 'ERR_SIGNATURE_HEADER_EMPTY_PARAM'],
    ['keyId="k",signature=""', 'ERR_SIGNATURE_HEADER_EMPTY_PARAM'],
    ['keyId="k",headers=" ",signature="s"', 'ERR_SIGNATURE_HEADER_EMPTY_PARAM'],
    ['keyId="k",signature="s",created="soon"', 'ERR_SIGNATURE_HEADER_BAD_TIMESTAMP'],
  ])('rejects %j with %s', (value, code) => {
    expect(() => parseSignatureHeader(value)).toThrow(expect.objectContaining({ code }));
  });

  it('parses back what formatSignatureHeader writes, quotes and backslashes included', () => {
    const text = fc.string({ minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(
        text,
        fc.array(fc.stringMatching(/^[a-z(][a-z0-9)-]{0,12}$/), { minLength: 1, maxLength: 5 }),
        fc.base64String({ minLength: 4, maxLength: 40 }).filter((s) => s.length > 0),
        (keyId, headers, signature) => {
          const value = formatSignatureHeader({ keyId, algorithm: 'rsa-sha256', headers, signature });
          expect(parseSignatureHeader(value)).toEqual({
            keyId,
            algorithm: 'rsa-sha256',
            headers,
            signature,
            created: undefined,
            expires: undefined,
          });
        },
      ),
    );
  });

  it('never throws anything but a coded SignatureHeaderError on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (value) => {
        try {
          parseSignatureHeader(value);
        } catch (error) {
          expect(error).toBeInstanceOf(SignatureHeaderError);
        }
      }),
    );
  });
});
