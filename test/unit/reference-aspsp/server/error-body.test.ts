import { describe, expect, it } from 'vitest';
import { stetErrorBody } from '../../../../reference-aspsp/server/error-body.ts';
import { schemaValidator } from '../../../../spec/lib/index.ts';

const now = new Date('2026-03-30T16:06:27Z');

describe('the STET error body of the reference', () => {
  it('carries the code in message and the path of the request', () => {
    expect(
      stetErrorBody({ code: 'NGAC', status: 403, path: '/stet/psd2/v1.6.2/accounts/A1/balances', now }),
    ).toEqual({
      timestamp: '2026-03-30T16:06:27.000Z',
      status: 403,
      error: 'Forbidden',
      message: 'NGAC',
      path: '/stet/psd2/v1.6.2/accounts/A1/balances',
    });
  });

  it('cuts a path longer than the 140 characters ErrorModel allows, so every error body validates', () => {
    const path = `/stet/psd2/v1.6.2/accounts/${'x'.repeat(300)}/balances`;
    const body = stetErrorBody({ code: 'AC01', status: 404, path, now });
    expect(body.path).toHaveLength(140);
    expect(path.startsWith(body.path)).toBe(true);
    expect(schemaValidator('ErrorModel', 'v1.6.2')(body)).toMatchObject({ valid: true, errors: [] });
  });
});
