import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDigest, verifyDigest } from '../../../protocol/digest.ts';
import type { HeaderBag } from '../../../protocol/header-bag.ts';
import { parseSignatureHeader } from '../../../protocol/signature-header.ts';
import { SignRequestError, signRequest } from '../../../protocol/sign-request.ts';
import { buildSigningString } from '../../../protocol/signing-string.ts';
import { isStrictBase64, uncoveredHeaders, verifySignature } from '../../../protocol/verify-signature.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });

const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/).filter((n) => !n.startsWith('('));
const headerValue = fc.stringMatching(/^[!-~][ -~]{0,40}$/);
const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH');
const path = fc.stringMatching(/^\/[A-Za-z0-9/._~-]{0,40}(\?[A-Za-z0-9=&%-]{0,30})?$/);
const request = fc.record({
  method,
  path,
  headers: fc.dictionary(headerName, headerValue, { minKeys: 1, maxKeys: 6 }),
});

function sign(method: string, path: string, headers: HeaderBag, headerNames: string[]) {
  const value = signRequest({ method, path, headers, headerNames, keyId: 'PSDFR-ACPR-12345', privateKey });
  return parseSignatureHeader(value);
}

describe('draft-cavage HTTP Signature', () => {
  it('builds the signing string with (request-target), lower-case names and joined repeated values', () => {
    const built = buildSigningString({
      method: 'POST',
      path: '/stet/psd2/v1/payment-requests?x=1',
      headers: { 'X-Request-ID': ' abc ', Digest: 'SHA-256=x', 'Psu-Accept': ['a', 'b'] },
      headerNames: ['(request-target)', 'x-request-id', 'digest', 'psu-accept'],
    });
    expect(built).toEqual({
      ok: true,
      value:
        '(request-target): post /stet/psd2/v1/payment-requests?x=1\nx-request-id: abc\ndigest: SHA-256=x\npsu-accept: a, b',
    });
  });

  it('joins the values of one field as the list of its values would: in order, trimmed, any name case', () => {
    const listed = (headers: HeaderBag, name: string): string | undefined => {
      const values: string[] = [];
      for (const [key, value] of Object.entries(headers)) {
        if (key.toLowerCase() !== name || value === undefined) continue;
        if (typeof value === 'object') values.push(...value);
        else values.push(String(value));
      }
      return values.length === 0 ? undefined : values.map((v) => v.trim()).join(', ');
    };
    const value = fc.oneof(headerValue, fc.integer(), fc.array(headerValue, { maxLength: 3 }));
    const bag = fc.dictionary(fc.constantFrom('psu-a', 'PSU-A', 'Psu-A', 'digest', 'x'), value);
    fc.assert(
      fc.property(bag, (headers) => {
        const built = buildSigningString({ method: 'GET', path: '/', headers, headerNames: ['PSU-A'] });
        const joined = listed(headers, 'psu-a');
        expect(built).toEqual(
          joined === undefined
            ? { ok: false, missingHeader: 'psu-a' }
            : { ok: true, value: `psu-a: ${joined}` },
        );
      }),
    );
  });

  it('formats the header with keyId, rsa-sha256, the covered headers and a base64 signature', () => {
    const value = signRequest({
      method: 'GET',
      path: '/stet/psd2/v1/accounts',
      headers: { 'X-Request-ID': '1' },
      headerNames: ['(request-target)', 'X-Request-ID'],
      keyId: 'PSDFR-ACPR-12345',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
    expect(value).toMatch(
      /^keyId="PSDFR-ACPR-12345",algorithm="rsa-sha256",headers="\(request-target\) x-request-id",signature="[A-Za-z0-9+/]+={0,2}"$/,
    );
  });

  it('refuses to sign a request that lacks a covered header', () => {
    expect(() => sign('GET', '/', { a: '1' }, ['(request-target)', 'digest'])).toThrow(
      expect.objectContaining({ code: 'ERR_SIGNATURE_HEADER_ABSENT' }),
    );
    expect(() => sign('GET', '/', { a: '1' }, ['(request-target)', 'digest'])).toThrow(SignRequestError);
  });

  it('refuses to sign with a key that is not an RSA private key', () => {
    expect(() =>
      signRequest({
        method: 'GET',
        path: '/',
        headers: {},
        headerNames: ['(request-target)'],
        keyId: 'k',
        privateKey: 'nope',
      }),
    ).toThrow(expect.objectContaining({ code: 'ERR_SIGNATURE_KEY_INVALID' }));
  });

  it('verifies what it signs, whatever the request and the covered subset (round trip)', () => {
    fc.assert(
      fc.property(request, fc.boolean(), fc.boolean(), (req, upper, withTarget) => {
        const names = Object.keys(req.headers);
        const covered = [...(withTarget ? ['(request-target)'] : []), ...names];
        // Header lookup is case-insensitive: the verifier may see names in another case.
        const seen = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [upper ? k.toUpperCase() : k, v]),
        );
        const parsed = sign(req.method, req.path, req.headers, covered);
        expect(
          verifySignature({
            method: req.method,
            path: req.path,
            headers: seen,
            signature: parsed,
            publicKey,
          }),
        ).toEqual({
          valid: true,
        });
      }),
    );
  });

  it('signs with the PEM it is given each time, though parsed keys are reused', () => {
    const pemOf = (key: typeof privateKey): string => key.export({ type: 'pkcs8', format: 'pem' }).toString();
    const headers = { digest: 'SHA-256=abc', 'x-request-id': 'r-1' };
    for (const [signer, verifier, wrong] of [
      [pemOf(privateKey), publicKey, other.publicKey],
      [pemOf(other.privateKey), other.publicKey, publicKey],
      [pemOf(privateKey), publicKey, other.publicKey],
    ] as const) {
      const signature = parseSignatureHeader(
        signRequest({
          method: 'GET',
          path: '/a',
          headers,
          headerNames: ['digest'],
          keyId: 'k',
          privateKey: signer,
        }),
      );
      const check = (key: typeof publicKey) =>
        verifySignature({ method: 'GET', path: '/a', headers, signature, publicKey: key }).valid;
      expect(check(verifier)).toBe(true);
      expect(check(wrong)).toBe(false);
    }
  });

  it('detects any change to a covered header value', () => {
    fc.assert(
      fc.property(request, fc.nat(), headerValue, (req, pick, replacement) => {
        const names = Object.keys(req.headers);
        const target = names[pick % names.length] ?? '';
        fc.pre(replacement.trim() !== (req.headers[target] ?? '').trim());
        const parsed = sign(req.method, req.path, req.headers, ['(request-target)', ...names]);
        const tampered = { ...req.headers, [target]: replacement };
        const result = verifySignature({
          method: req.method,
          path: req.path,
          headers: tampered,
          signature: parsed,
          publicKey,
        });
        expect(result).toEqual({ valid: false, reason: 'mismatch' });
      }),
    );
  });

  it('detects a changed method or path when (request-target) is covered', () => {
    fc.assert(
      fc.property(request, method, path, (req, otherMethod, otherPath) => {
        fc.pre(otherMethod !== req.method || otherPath !== req.path);
        const parsed = sign(req.method, req.path, req.headers, ['(request-target)']);
        const result = verifySignature({
          method: otherMethod,
          path: otherPath,
          headers: req.headers,
          signature: parsed,
          publicKey,
        });
        expect(result).toEqual({ valid: false, reason: 'mismatch' });
      }),
    );
  });

  it('detects a changed body byte through the signed Digest header', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 256 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (body, at, flip) => {
          const headers = { digest: computeDigest(body), 'x-request-id': 'r1' };
          const parsed = sign('POST', '/p', headers, ['(request-target)', 'digest', 'x-request-id']);
          const tampered = Uint8Array.from(body);
          const index = at % body.length;
          tampered[index] = (tampered[index] ?? 0) ^ flip;
          // The signature still holds (the header is unchanged) but the digest no longer matches the body.
          expect(
            verifySignature({ method: 'POST', path: '/p', headers, signature: parsed, publicKey }).valid,
          ).toBe(true);
          expect(verifyDigest(headers.digest, tampered)).toEqual({
            valid: false,
            reason: 'mismatch',
            algorithm: 'SHA-256',
          });
        },
      ),
    );
  });

  it('reports a covered header the verifier cannot find as missing-header', () => {
    const parsed = sign('GET', '/', { 'x-request-id': '1' }, ['(request-target)', 'x-request-id']);
    expect(verifySignature({ method: 'GET', path: '/', headers: {}, signature: parsed, publicKey })).toEqual({
      valid: false,
      reason: 'missing-header',
      header: 'x-request-id',
    });
  });

  it('reports a signature that is not strict base64 as bad-base64', () => {
    const parsed = { ...sign('GET', '/', {}, ['(request-target)']), signature: 'not*base64' };
    expect(verifySignature({ method: 'GET', path: '/', headers: {}, signature: parsed, publicKey })).toEqual({
      valid: false,
      reason: 'bad-base64',
    });
  });

  it('takes as strict base64 exactly what the grouped base64 pattern takes', () => {
    const grouped = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
    const text = fc.string({
      unit: fc.constantFrom('A', 'z', '0', '+', '/', '=', '-', '_', ' ', '\n'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, (value) => {
        expect(isStrictBase64(value)).toBe(grouped.test(value));
      }),
    );
    expect(['QUJD', 'QUI=', 'QQ==', 'QQ=', 'Q===', 'QUJD\n', '=QUJ'].map(isStrictBase64)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('reports an algorithm other than rsa-sha256 as unsupported-algorithm', () => {
    const parsed = { ...sign('GET', '/', {}, ['(request-target)']), algorithm: 'hmac-sha256' };
    expect(verifySignature({ method: 'GET', path: '/', headers: {}, signature: parsed, publicKey })).toEqual({
      valid: false,
      reason: 'unsupported-algorithm',
      algorithm: 'hmac-sha256',
    });
  });

  it('reports a signature made with another key as mismatch, and an unreadable key as bad-key', () => {
    const parsed = sign('GET', '/', {}, ['(request-target)']);
    const input = { method: 'GET', path: '/', headers: {}, signature: parsed };
    expect(verifySignature({ ...input, publicKey: other.publicKey })).toEqual({
      valid: false,
      reason: 'mismatch',
    });
    expect(verifySignature({ ...input, publicKey: 'garbage' })).toMatchObject({
      valid: false,
      reason: 'bad-key',
    });
  });

  it('lists the required headers a signature leaves uncovered', () => {
    const parsed = sign('GET', '/', { 'x-request-id': '1' }, ['(request-target)', 'x-request-id']);
    expect(uncoveredHeaders(parsed, ['(request-target)', 'Digest', 'x-request-id'])).toEqual(['digest']);
  });
});
