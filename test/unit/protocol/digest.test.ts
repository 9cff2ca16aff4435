import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDigest, verifyDigest } from '../../../protocol/digest.ts';

describe('Digest header', () => {
  it('is SHA-256 of the empty string for a request without body', () => {
    expect(computeDigest('')).toBe('SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });

  it('hashes strings as UTF-8 and supports SHA-512', () => {
    expect(computeDigest('é')).toBe(computeDigest(Buffer.from('é', 'utf8')));
    expect(computeDigest('{}', 'SHA-512')).toBe(
      `SHA-512=${createHash('sha512').update('{}').digest('base64')}`,
    );
  });

  it('verifies its own digest of any body and detects any changed byte', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 512 }),
        fc.constantFrom('SHA-256' as const, 'SHA-512' as const),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (body, algorithm, at, flip) => {
          const header = computeDigest(body, algorithm);
          expect(verifyDigest(header, body)).toEqual({ valid: true, algorithm });
          fc.pre(body.length > 0);
          const tampered = Uint8Array.from(body);
          const i = at % body.length;
          tampered[i] = (tampered[i] ?? 0) ^ flip;
          expect(verifyDigest(header, tampered)).toEqual({ valid: false, reason: 'mismatch', algorithm });
        },
      ),
    );
  });

  it('reads algorithm names case-insensitively and checks every supported entry of a list', () => {
    const body = '{"a":1}';
    const sha256 = computeDigest(body).slice('SHA-256='.length);
    expect(verifyDigest(`sha-256=${sha256}`, body)).toEqual({ valid: true, algorithm: 'SHA-256' });
    expect(verifyDigest(`MD5=abcd, SHA-256=${sha256}`, body)).toEqual({ valid: true, algorithm: 'SHA-256' });
    expect(verifyDigest(`SHA-256=${sha256}, SHA-512=AAAA`, body)).toEqual({
      valid: false,
      reason: 'mismatch',
      algorithm: 'SHA-512',
    });
  });

  it('checks a value with spaces, another case or more entries as it checks the one computeDigest writes', () => {
    const body = Buffer.from('{"a":1}');
    const written = computeDigest(body);
    expect(verifyDigest(written, body)).toEqual({ valid: true, algorithm: 'SHA-256' });
    expect(verifyDigest(` ${written} `, body)).toEqual({ valid: true, algorithm: 'SHA-256' });
    expect(verifyDigest(written, Buffer.from('{"a":2}'))).toEqual({
      valid: false,
      reason: 'mismatch',
      algorithm: 'SHA-256',
    });
    expect(verifyDigest(`${written},SHA-512=AAAA`, body)).toMatchObject({ valid: false, reason: 'mismatch' });
  });

  it('reports missing, malformed and unknown-algorithm headers by reason', () => {
    expect(verifyDigest(undefined, '')).toEqual({ valid: false, reason: 'missing' });
    expect(verifyDigest(' ', '')).toEqual({ valid: false, reason: 'missing' });
    expect(verifyDigest('SHA-256', '')).toMatchObject({ valid: false, reason: 'malformed' });
    expect(verifyDigest('SHA-256=***', '')).toMatchObject({ valid: false, reason: 'malformed' });
    expect(verifyDigest('MD5=rL0Y20zC+Fzt72VPzMSk2A==, UNIXsum=30637', '')).toEqual({
      valid: false,
      reason: 'unsupported-algorithm',
      algorithms: ['MD5', 'UNIXsum'],
    });
  });
});
