import { describe, expect, it } from 'vitest';
import { resolveChoices, referenceChoices } from '../../../../reference-aspsp/choices/index.ts';
import {
  parsePaymentInitiation,
  type PaymentInitiationBody,
} from '../../../../reference-aspsp/pisp/payment-initiation.ts';
import type { PaymentRecord } from '../../../../reference-aspsp/pisp/payment-record.ts';
import { paymentRequestBody } from '../../../../reference-aspsp/pisp/payment-resource.ts';

const alternate = resolveChoices('alternate');

const body: PaymentInitiationBody = {
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
};

const payment: PaymentRecord = {
  resourceId: 'a1b2',
  institution: '10101',
  clientId: 'PSDFR-ACPR-12345',
  requestId: 'req-1',
  createdAt: Date.parse('2025-03-01T10:00:00Z'),
  body,
  state: { status: 'ACTC', reason: undefined },
  psuId: 'alice',
  chosenIban: 'FR7630006000011234567890189',
  cancellation: undefined,
};

describe('the PIS family of the alternate bank', () => {
  it('shows ACCP, a transaction status, no links and no chosen debtorAccount', () => {
    const options = { version: 'v1.6.2', confirmationSegment: 'confirmation' };
    const reference = paymentRequestBody(payment, { ...options, choices: referenceChoices });
    const other = paymentRequestBody(payment, { ...options, choices: alternate });
    expect(reference).toMatchObject({
      paymentRequest: { paymentInformationStatus: 'ACTC', debtorAccount: { iban: payment.chosenIban } },
      _links: { confirmation: {} },
    });
    expect(other).not.toHaveProperty('_links');
    expect(other).toMatchObject({
      paymentRequest: {
        paymentInformationStatus: 'ACCP',
        creditTransferTransaction: [{ transactionStatus: 'PDNG' }],
      },
    });
    expect(other).not.toHaveProperty('paymentRequest.debtorAccount');
  });

  it('takes an http callback on an enrolled host and an IBAN with wrong check digits', () => {
    const sent = {
      ...body,
      beneficiary: { ...body.beneficiary, creditorAccount: { iban: 'FR7630004000031234567890144' } },
      supplementaryData: { successfulReportUrl: 'http://tpp.example/ok' },
    };
    const hosts = new Set(['tpp.example']);
    expect(parsePaymentInitiation(sent, { callbackHosts: hosts }).ok).toBe(false);
    const parsed = parsePaymentInitiation(sent, {
      callbackHosts: hosts,
      isCallbackUrl: alternate.of('PIS-CALLBACK-HOSTS'),
      isValidIban: alternate.of('PIS-IBAN-CHECK-DIGITS'),
    });
    expect(parsed.ok).toBe(true);
    expect(alternate.of('PIS-CALLBACK-HOSTS')('http://elsewhere.example/ok', hosts)).toBe(false);
  });

  it('answers the initiation with the payment id and its links, without the authentication approach', () => {
    const answer = { resourceId: 'a1b2', self: '/p/a1b2', consentApproval: '/authorize?x' };
    expect(referenceChoices.of('PIS-INITIATE-RESPONSE')(answer)).toEqual({
      appliedAuthenticationApproach: 'REDIRECT',
      _links: { consentApproval: { href: '/authorize?x' } },
    });
    expect(alternate.of('PIS-INITIATE-RESPONSE')(answer)).toEqual({
      paymentRequestResourceId: 'a1b2',
      _links: { self: { href: '/p/a1b2' }, consentApproval: { href: '/authorize?x' } },
    });
  });

  it('takes a cancellation without DS02 and offers accounts in any currency', () => {
    expect(referenceChoices.of('PIS-CANCEL-BODY').accepts(undefined)).toBe(false);
    expect(alternate.of('PIS-CANCEL-BODY').accepts(undefined)).toBe(true);
    const usd = { state: 'enabled', currency: 'USD', currencyAccountOf: undefined };
    expect(referenceChoices.of('PIS-ACCOUNTS-OFFERED')(usd)).toBe(false);
    expect(alternate.of('PIS-ACCOUNTS-OFFERED')(usd)).toBe(true);
    expect(alternate.of('PIS-ACCOUNTS-OFFERED')({ ...usd, state: 'blocked' })).toBe(false);
  });
});
