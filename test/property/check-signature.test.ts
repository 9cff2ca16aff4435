import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDigest } from '../../protocol/digest.ts';
import { signRequest } from '../../protocol/sign-request.ts';
import { loadInstitutions } from '../../reference-aspsp/institutions/load-institutions.ts';
import { checkSignature } from '../../reference-aspsp/server/check-signature.ts';
import { propertyRuns } from './property-runs.ts';
import { signingTpp } from '../setup/signing-tpp.ts';

// The protocol's own properties (test/unit/protocol) cover sign/verify and Digest one by one; these
// check the reference's composition of them: policy headers, PSU-* headers, Digest and keyId.
const { tpp, privateKey } = signingTpp('Property TPP');
const institutions = loadInstitutions();

const psuHeader = fc.record({
  name: fc.constantFrom('psu-ip-address', 'psu-user-agent', 'psu-accept-language'),
  value: fc.stringMatching(/^[!-~][ -~]{0,30}[!-~]$/),
});
const requestArb = fc.record({
  institution: fc.constantFrom(...institutions),
  method: fc.constantFrom('GET', 'PUT', 'POST'),
  target: fc.stringMatching(/^\/stet\/psd2\/v1\/[a-z0-9/-]{1,30}(\?[a-z]{1,8}=[0-9]{1,4})?$/),
  body: fc.uint8Array({ maxLength: 300 }),
  requestId: fc.uuid(),
  psu: fc.uniqueArray(psuHeader, { selector: (h) => h.name, maxLength: 3 }),
});
type SignedInput = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

function signed(input: SignedInput): { headers: Record<string, string>; body: Buffer } {
  const body = Buffer.from(input.body);
  const headers: Record<string, string> = {
    'x-request-id': input.requestId,
    date: new Date('2025-03-15T10:00:00Z').toUTCString(),
    digest: computeDigest(body),
  };
  for (const h of input.psu) headers[h.name] = h.value;
  const covered = [...input.institution.signatureHeaders, ...input.psu.map((h) => h.name)];
  headers.signature = signRequest({
    method: input.method,
    path: input.target,
    headers,
    keyId: tpp.clientId,
    privateKey,
    headerNames: covered,
  });
  return { headers, body };
}

function check(input: SignedInput, headers: Record<string, string>, body: Buffer, target = input.target) {
  return checkSignature({ method: input.method, target, headers, body, institution: input.institution, tpp });
}

describe('the reference signature check', () => {
  it('accepts every request the harness signer signs under the institution policy', () => {
    fc.assert(
      fc.property(requestArb, (input) => {
        const { headers, body } = signed(input);
        expect(check(input, headers, body)).toBeUndefined();
      }),
      propertyRuns(50, 300),
    );
  });

  it('refuses a request whose covered header was changed after signing', () => {
    fc.assert(
      fc.property(requestArb, fc.nat(), fc.stringMatching(/^[!-~]{1,20}$/), (input, pick, value) => {
        const { headers, body } = signed(input);
        const covered = [...input.institution.signatureHeaders, ...input.psu.map((h) => h.name)].filter(
          (name) => !name.startsWith('('),
        );
        const name = covered[pick % covered.length] ?? 'x-request-id';
        fc.pre(headers[name] !== value);
        const refusal = check(input, { ...headers, [name]: value }, body);
        expect(refusal?.code).toBe(name === 'digest' ? 'DIGEST_INVALID' : 'SIGNATURE_INVALID');
      }),
      propertyRuns(50, 300),
    );
  });

  it('refuses a request whose body lost, gained or changed a byte (Digest)', () => {
    fc.assert(
      fc.property(requestArb, fc.nat(), fc.integer({ min: 1, max: 255 }), (input, at, flip) => {
        const { headers, body } = signed(input);
        const tampered = Buffer.from(body);
        if (tampered.length === 0) {
          expect(check(input, headers, Buffer.from([flip]))?.code).toBe('DIGEST_INVALID');
          return;
        }
        const index = at % tampered.length;
        tampered[index] = (tampered[index] ?? 0) ^ flip;
        expect(check(input, headers, tampered)?.code).toBe('DIGEST_INVALID');
        expect(check(input, headers, tampered.subarray(1))?.code).toBe('DIGEST_INVALID');
      }),
      propertyRuns(50, 300),
    );
  });

  it('refuses a request sent to another target than the one signed', () => {
    fc.assert(
      fc.property(requestArb, fc.stringMatching(/^[a-z0-9]{1,8}$/), (input, extra) => {
        const { headers, body } = signed(input);
        expect(check(input, headers, body, `${input.target}/${extra}`)?.code).toBe('SIGNATURE_INVALID');
      }),
      propertyRuns(50, 300),
    );
  });

  it('refuses a signature created after the server clock or expired before it, and serves one whose lifetime holds it (regression: both were served)', () => {
    const now = new Date('2025-03-15T10:00:00Z');
    const nowSeconds = now.getTime() / 1000;
    const unwindowed = institutions.filter((i) => i.signatureFreshness === undefined);
    fc.assert(
      fc.property(
        fc.constantFrom(...unwindowed),
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: -100_000, max: 100_000 }),
        (institution, createdOffset, expiresOffset) => {
          const created = nowSeconds + createdOffset;
          const expires = nowSeconds + expiresOffset;
          const headers: Record<string, string> = {
            digest: computeDigest(Buffer.alloc(0)),
            date: now.toUTCString(),
            'x-request-id': '5c1d4a8e-0b6f-4d0e-9a55-2f0c3c7d1e42',
          };
          headers.signature = signRequest({
            method: 'GET',
            path: '/stet/psd2/v1/accounts',
            headers,
            keyId: tpp.clientId,
            privateKey,
            headerNames: [...institution.signatureHeaders, '(created)', '(expires)'],
            created,
            expires,
          });
          const refusal = checkSignature({
            method: 'GET',
            target: '/stet/psd2/v1/accounts',
            headers,
            body: Buffer.alloc(0),
            institution,
            tpp,
            now,
          });
          if (createdOffset > 0 || expiresOffset < 0) expect(refusal?.code).toBe('SIGNATURE_INVALID');
          else expect(refusal).toBeUndefined();
        },
      ),
      propertyRuns(30, 200),
    );
  });

  it('refuses a request whose PSU-* header is present but not signed', () => {
    fc.assert(
      fc.property(requestArb, psuHeader, (input, extra) => {
        fc.pre(!input.psu.some((h) => h.name === extra.name));
        const { headers, body } = signed(input);
        expect(check(input, { ...headers, [extra.name]: extra.value }, body)?.code).toBe('SIGNATURE_INVALID');
      }),
      propertyRuns(50, 300),
    );
  });
});
