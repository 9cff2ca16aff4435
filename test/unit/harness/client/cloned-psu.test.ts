import { describe, expect, it } from 'vitest';
import { parseClonedPsu } from '../../../../harness/client/cloned-psu.ts';

describe('parseClonedPsu', () => {
  const body = { psuId: 'alice-1', identifier: '10101000042', otp: '12345678' };

  it('reads the psuId, identifier and OTP of a 201 answer', () => {
    expect(parseClonedPsu({ status: 201, json: { ...body, extra: true } })).toEqual(body);
  });

  it('refuses another status, a missing or non-string field, and a body that is not an object', () => {
    expect(parseClonedPsu({ status: 200, json: body })).toBeUndefined();
    expect(parseClonedPsu({ status: 201, json: { ...body, otp: undefined } })).toBeUndefined();
    expect(parseClonedPsu({ status: 201, json: { ...body, identifier: 10101000042 } })).toBeUndefined();
    expect(parseClonedPsu({ status: 201, json: 'alice-1' })).toBeUndefined();
    expect(parseClonedPsu({ status: 201, json: null })).toBeUndefined();
  });
});
