import { randomBytes } from 'node:crypto';

/** What varies between the payment requests a TPP of the harness sends; the rest is fixed. */
export interface PaymentRequestOptions {
  /** `paymentInformationId`; default `pmt-` and 8 random hex digits. */
  id?: string | undefined;
  /** Default: now. */
  creationDateTime?: string | undefined;
  /** Euro amount as STET writes it; default `12.50`. */
  amount?: string | undefined;
  /** The one remittance line; default `Order 4711`. */
  remittance?: string | undefined;
  /** Default `instr-1`. */
  instructionId?: string | undefined;
  /** Default `e2e-1`. */
  endToEndId?: string | undefined;
  /** The merchant's IBAN; default a French test IBAN. */
  creditorIban?: string | undefined;
  successfulReportUrl: string;
  /** Left out when undefined (the seed makes it optional). */
  unsuccessfulReportUrl?: string | undefined;
}

/**
 * The body of a one-transaction euro credit transfer to a merchant, REDIRECT approach (seed: Payment
 * initiation), as the fuzzer, the traffic sessions and the journey tests send it.
 */
export function paymentRequestBody(options: PaymentRequestOptions): Record<string, unknown> {
  return {
    paymentInformationId: options.id ?? `pmt-${randomBytes(4).toString('hex')}`,
    creationDateTime: options.creationDateTime ?? new Date().toISOString(),
    numberOfTransactions: 1,
    initiatingParty: { name: 'Demo PISP' },
    paymentTypeInformation: { serviceLevel: 'SEPA', categoryPurpose: 'DVPM' },
    beneficiary: {
      creditor: { name: 'Merchant' },
      creditorAccount: { iban: options.creditorIban ?? 'FR7630004000031234567890143' },
    },
    chargeBearer: 'SLEV',
    creditTransferTransaction: [
      {
        paymentId: {
          instructionId: options.instructionId ?? 'instr-1',
          endToEndId: options.endToEndId ?? 'e2e-1',
        },
        instructedAmount: { currency: 'EUR', amount: options.amount ?? '12.50' },
        remittanceInformation: [options.remittance ?? 'Order 4711'],
      },
    ],
    supplementaryData: {
      acceptedAuthenticationApproach: ['REDIRECT'],
      successfulReportUrl: options.successfulReportUrl,
      ...(options.unsuccessfulReportUrl === undefined
        ? {}
        : { unsuccessfulReportUrl: options.unsuccessfulReportUrl }),
    },
  };
}
