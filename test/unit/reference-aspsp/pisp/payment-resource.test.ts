import { describe, expect, it } from 'vitest';
import { parsePaymentRecord } from '../../../../reference-aspsp/pisp/payment-record.ts';
import type { PaymentRecord } from '../../../../reference-aspsp/pisp/payment-record.ts';
import { paymentRequestBody } from '../../../../reference-aspsp/pisp/payment-resource.ts';
import { referenceChoices } from '../../../../reference-aspsp/choices/index.ts';

const payment: PaymentRecord = {
  resourceId: 'a1b2',
  institution: '10101',
  clientId: 'PSDFR-ACPR-12345',
  requestId: 'req-1',
  createdAt: Date.parse('2025-03-01T10:00:00Z'),
  body: {
    paymentInformationId: 'MyPmtInfId',
    creationDateTime: '2025-03-01T10:00:00.000+01:00',
    numberOfTransactions: 1,
    initiatingParty: { name: 'Demo PISP' },
    paymentTypeInformation: { serviceLevel: 'SEPA' },
    beneficiary: { creditor: { name: 'Merchant' }, creditorAccount: { iban: 'FR7630004000031234567890143' } },
    creditTransferTransaction: [
      {
        paymentId: { instructionId: 'I1', endToEndId: 'E2E' },
        instructedAmount: { amount: '12.00', currency: 'EUR' },
      },
    ],
    supplementaryData: { successfulReportUrl: 'https://tpp.example/ok' },
  },
  state: { status: 'ACTC', reason: undefined },
  psuId: 'alice',
  chosenIban: 'FR7630006000011234567890189',
  cancellation: undefined,
};

describe('payment request resource', () => {
  it('adds the bank fields and offers the confirmation link while waiting for it', () => {
    const body = paymentRequestBody(payment, {
      version: 'v1.4.2',
      confirmationSegment: 'o-confirmation',
      choices: referenceChoices,
    });
    expect(body).toMatchObject({
      paymentRequest: {
        resourceId: 'a1b2',
        paymentInformationStatus: 'ACTC',
        debtorAccount: { iban: 'FR7630006000011234567890189' },
        supplementaryData: {
          appliedAuthenticationApproach: 'REDIRECT',
          successfulReportUrl: 'https://tpp.example/ok',
        },
      },
      _links: {
        self: { href: '/stet/psd2/v1.4.2/payment-requests/a1b2' },
        confirmation: { href: '/stet/psd2/v1.4.2/payment-requests/a1b2/o-confirmation' },
      },
    });
    expect(JSON.parse(JSON.stringify(body.paymentRequest))).not.toHaveProperty('statusReasonInformation');
    expect(JSON.parse(JSON.stringify(body.paymentRequest))).not.toHaveProperty(
      'creditTransferTransaction.0.transactionStatus',
    );
  });

  it('shows PDNG on the payment and its transaction after confirmation, without a confirmation link', () => {
    const body = paymentRequestBody(
      { ...payment, state: { status: 'PDNG', reason: undefined } },
      { version: 'v1', confirmationSegment: 'confirmation', choices: referenceChoices },
    );
    expect(body).toMatchObject({
      paymentRequest: {
        paymentInformationStatus: 'PDNG',
        creditTransferTransaction: [{ transactionStatus: 'PDNG' }],
      },
    });
    expect(body._links).toEqual({ self: { href: '/stet/psd2/v1/payment-requests/a1b2' } });
  });

  it('gives the reason of a rejection', () => {
    const body = paymentRequestBody(
      { ...payment, state: { status: 'RJCT', reason: 'DS02' } },
      { version: 'v1', confirmationSegment: 'confirmation', choices: referenceChoices },
    );
    expect(body).toMatchObject({
      paymentRequest: { paymentInformationStatus: 'RJCT', statusReasonInformation: 'DS02' },
    });
  });
});

describe('parsePaymentRecord', () => {
  it('reads back what was stored', () => {
    expect(parsePaymentRecord(JSON.parse(JSON.stringify(payment)))).toEqual(payment);
  });

  it('refuses a record with an unknown status or reason, cancellation URLs that are not, or a body the schema refuses', () => {
    expect(parsePaymentRecord({ ...payment, state: { status: 'DONE' } })).toBeUndefined();
    expect(
      parsePaymentRecord({ ...payment, body: { ...payment.body, numberOfTransactions: 2 } }),
    ).toBeUndefined();
    expect(parsePaymentRecord({ ...payment, cancellation: {} })).toBeUndefined();
    expect(parsePaymentRecord({ ...payment, state: { status: 'RJCT', reason: 'XXXX' } })).toBeUndefined();
    expect(parsePaymentRecord({ ...payment, createdAt: '2025-03-01' })).toBeUndefined();
    expect(parsePaymentRecord('nope')).toBeUndefined();
  });
});
