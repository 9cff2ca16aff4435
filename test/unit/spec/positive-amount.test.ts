import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../../spec/lib/index.ts';

describe('the payment amount of the documents', () => {
  it('is positive only, as the server requires (0 and negatives are FF01)', () => {
    const amount = schemaValidator('PositiveAmount', 'v1.6.2');
    expect(['0.01', '12', '12.25'].map((a) => amount(a).valid)).toEqual([true, true, true]);
    expect(['0', '0.00', '-1.00', '1.123456'].map((a) => amount(a).valid)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('stays signed where amounts may be negative (card outstandings in v1.6.2)', () => {
    expect(schemaValidator('Amount', 'v1.6.2')('-12.50').valid).toBe(true);
  });
});
