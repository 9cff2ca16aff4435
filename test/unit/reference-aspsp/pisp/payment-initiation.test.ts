import { describe, expect, it } from 'vitest';
import {
  apiVersions,
  newestApiVersion,
  openApiDocument,
  type ApiVersion,
} from '../../../../spec/lib/index.ts';
import { isRecord } from '../../../../reference-aspsp/lib/is-record.ts';
import {
  isPaymentInitiationBody,
  parsePaymentInitiation,
  paymentRequestSchema,
} from '../../../../reference-aspsp/pisp/payment-initiation.ts';

const hosts = new Set(['tpp.example']);

const body = {
  paymentInformationId: 'pmt-1',
  creationDateTime: '2025-03-30T10:15:00.000+02:00',
  numberOfTransactions: 1,
  initiatingParty: { name: 'Demo PISP' },
  paymentTypeInformation: { serviceLevel: 'SEPA' },
  beneficiary: { creditor: { name: 'Merchant' }, creditorAccount: { iban: 'FR7630004000031234567890143' } },
  creditTransferTransaction: [
    {
      paymentId: { instructionId: 'i', endToEndId: 'e' },
      instructedAmount: { currency: 'EUR', amount: '12.50' },
    },
  ],
  supplementaryData: { successfulReportUrl: 'https://tpp.example/pay/ok' },
};

function schemaOf(version: ApiVersion): unknown {
  const components = openApiDocument(version)['components'];
  const schemas = isRecord(components) ? components['schemas'] : undefined;
  return isRecord(schemas) ? schemas[paymentRequestSchema] : undefined;
}

describe('payment initiation body', () => {
  it('is the same schema in every version, so one version checks a body of any', () => {
    expect(schemaOf(newestApiVersion)).toBeDefined();
    for (const version of apiVersions) expect(schemaOf(version)).toEqual(schemaOf(newestApiVersion));
  });

  it('is typed only when the schema accepts it: two transactions, dollars or a zero amount are not', () => {
    expect(isPaymentInitiationBody(body)).toBe(true);
    const [transaction] = body.creditTransferTransaction;
    expect(isPaymentInitiationBody({ ...body, creditTransferTransaction: [transaction, transaction] })).toBe(
      false,
    );
    const amount = (value: Record<string, string>) => ({
      ...body,
      creditTransferTransaction: [{ ...transaction, instructedAmount: value }],
    });
    expect(isPaymentInitiationBody(amount({ currency: 'USD', amount: '12.50' }))).toBe(false);
    expect(isPaymentInitiationBody(amount({ currency: 'EUR', amount: '0.00' }))).toBe(false);
    expect(isPaymentInitiationBody('nope')).toBe(false);
  });

  it('accepts a body with both report URLs on an enrolled host and valid IBANs, as sent', () => {
    const sent = {
      ...body,
      debtor: { privateId: { identification: 'alice-1', schemeName: 'BANK' } },
      debtorAccount: { iban: 'FR7613807008043001965405255' },
      supplementaryData: {
        successfulReportUrl: 'https://tpp.example/pay/ok',
        unsuccessfulReportUrl: 'https://tpp.example/pay/ko',
      },
    };
    expect(parsePaymentInitiation(sent, { callbackHosts: hosts })).toEqual({ ok: true, body: sent });
  });

  it('refuses a callback on a host the TPP did not enrol, or in plain http', () => {
    const withUrls = (urls: Record<string, string>) =>
      parsePaymentInitiation({ ...body, supplementaryData: urls }, { callbackHosts: hosts });
    expect(withUrls({ successfulReportUrl: 'https://elsewhere.example/ok' }).ok).toBe(false);
    expect(withUrls({ successfulReportUrl: 'http://tpp.example/ok' }).ok).toBe(false);
    expect(
      withUrls({
        successfulReportUrl: 'https://tpp.example/ok',
        unsuccessfulReportUrl: 'https://elsewhere.example/ko',
      }).ok,
    ).toBe(false);
  });

  it('refuses an IBAN of the right shape whose check digits are wrong, debtor or creditor', () => {
    const wrong = 'FR7630004000031234567890144';
    expect(
      parsePaymentInitiation({ ...body, debtorAccount: { iban: wrong } }, { callbackHosts: hosts }).ok,
    ).toBe(false);
    expect(
      parsePaymentInitiation(
        { ...body, beneficiary: { ...body.beneficiary, creditorAccount: { iban: wrong } } },
        { callbackHosts: hosts },
      ).ok,
    ).toBe(false);
  });
});
