import { choice } from './choice.ts';

/**
 * How a funds confirmation answers an instructed amount the seed does not say how to read: `false`
 * (not covered, 200), or `FF01` (the seed's 400 for an invalid amount or currency).
 */
export type UnreadableAmountAnswer = 'not-covered' | 'FF01';

/** The choices of the CBP family: instructed amounts the seed does not say how to read. */
export const cbpChoices = {
  // An amount in a currency the account is not held in: answered false without conversion, or refused
  // FF01 as an invalid currency for this account.
  'CBP-OTHER-CURRENCY-NOT-COVERED': choice<UnreadableAmountAnswer>({
    reference: 'not-covered',
    alternate: 'FF01',
  }),
  // Zero or a negative amount: nothing to cover, answered false, or refused FF01 as an invalid amount.
  'CBP-NON-POSITIVE-NOT-COVERED': choice<UnreadableAmountAnswer>({
    reference: 'not-covered',
    alternate: 'FF01',
  }),
  // More decimals than the currency has: compared exactly (the answer `not-covered` is never given
  // for that alone), or refused FF01 as an invalid amount.
  'CBP-MORE-DECIMALS-COMPARED': choice<'compared' | 'FF01'>({
    reference: 'compared',
    alternate: 'FF01',
  }),
  // The institution that does not offer funds confirmation: 501 NIMP, or 404 (no such resource there).
  'CBP-EXCLUDED-INSTITUTION-501': choice<{ code: 'NIMP' | 'RESOURCE_UNKNOWN'; status: number }>({
    reference: { code: 'NIMP', status: 501 },
    alternate: { code: 'RESOURCE_UNKNOWN', status: 404 },
  }),
} as const;
