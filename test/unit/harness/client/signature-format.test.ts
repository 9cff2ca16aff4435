import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../../../lib/coded-error.ts';
import { fillSignatureFormat, type SignatureParts } from '../../../../harness/client/signature-format.ts';

const parts: SignatureParts = {
  keyId: 'PSDFR-ACPR-12345',
  algorithm: 'rsa-sha256',
  headers: ['(request-target)', 'digest', '(created)'],
  signature: 'c2ln',
  created: 1700000000,
  expires: undefined,
};

describe('fillSignatureFormat', () => {
  it('places every part in its slot, the covered names space-separated, and keeps the rest as written', () => {
    expect(
      fillSignatureFormat(
        ' KEYID = <keyId> ,algorithm="<algorithm>",created=+<created>,headers="<headers>",signature="<signature>",x="<1>"',
        parts,
      ),
    ).toBe(
      ' KEYID = PSDFR-ACPR-12345 ,algorithm="rsa-sha256",created=+1700000000,headers="(request-target) digest (created)",signature="c2ln",x="<1>"',
    );
  });

  it('fills a slot as often as the format names it', () => {
    expect(fillSignatureFormat('signature="<signature>",signature="<signature>"', parts)).toBe(
      'signature="c2ln",signature="c2ln"',
    );
  });

  it('leaves a <name> that is no slot as text', () => {
    expect(fillSignatureFormat('x="<keyid>"', parts)).toBe('x="<keyid>"');
  });

  it('refuses with ERR_SIGNATURE_FORMAT_INVALID a slot the signature has no part for', () => {
    let caught: unknown;
    try {
      fillSignatureFormat('expires=<expires>', parts);
    } catch (error) {
      caught = error;
    }
    expect(isCodedError(caught, 'ERR_SIGNATURE_FORMAT_INVALID')).toBe(true);
  });
});
