import { describe, expect, it } from 'vitest';
import { schemaValidator } from '../../../spec/lib/index.ts';

const iban = 'FR7613807008043001965405255';

describe('seed example shapes', () => {
  it('accepts an account of GET /accounts with its links', () => {
    const result = schemaValidator(
      'Account',
      'v1.4.2',
    )({
      cashAccountType: 'CACC',
      accountId: { iban, currency: 'EUR' },
      resourceId: 'A1',
      product: 'Compte courant',
      details: 'label',
      name: 'Compte courant',
      usage: 'PRIV',
      psuStatus: 'Account Holder',
      bicFi: 'CCBPFRPPNAN',
      balances: [
        {
          name: 'Solde comptable',
          balanceType: 'CLBD',
          balanceAmount: { amount: '12.50', currency: 'EUR' },
          referenceDate: '2025-03-28',
        },
      ],
      _links: {
        balances: { href: '/stet/psd2/v1.4.2/accounts/A1/balances' },
        transactions: { href: '/x', templated: true },
      },
    });
    expect(result).toEqual({ valid: true, errors: [], issues: [] });
  });

  it('accepts a deferred-debit card identified by CPAN with its linked account', () => {
    const card = {
      cashAccountType: 'CACC',
      accountId: { other: { identification: '4970XXXX1234', schemeName: 'CPAN' } },
      resourceId: 'C1',
      name: 'Visa',
      linkedAccount: 'A1',
    };
    expect(schemaValidator('Account', 'v1.6.2')(card).valid).toBe(true);
  });

  it('accepts a v1.6.2 card balance with a negative ITAV amount', () => {
    const balance = {
      name: 'Encours reporté',
      balanceType: 'ITAV',
      balanceAmount: { amount: '-245.30', currency: 'EUR' },
    };
    expect(schemaValidator('Balance', 'v1.6.2')(balance)).toEqual({ valid: true, errors: [], issues: [] });
  });

  it('refuses a positive ITAV or PRCD outstanding in v1.6.2', () => {
    const result = schemaValidator(
      'Balance',
      'v1.6.2',
    )({ name: 'x', balanceType: 'PRCD', balanceAmount: { amount: '245.30', currency: 'EUR' } });
    expect(result.valid).toBe(false);
    expect(result.errors.join()).toContain('/balanceAmount/amount must match pattern');
  });

  it('accepts a funds confirmation request with schemeName CPAN', () => {
    const result = schemaValidator(
      'FundsConfirmationRequest',
      'v1.4.2',
    )({
      paymentCoverageRequestId: 'MyCoverage123456',
      payee: 'Merchant',
      instructedAmount: { currency: 'EUR', amount: '12.25' },
      accountId: {
        iban,
        other: { identification: '4970XXXX1234', schemeName: 'CPAN', issuer: 'BANK' },
        currency: 'EUR',
      },
    });
    expect(result).toEqual({ valid: true, errors: [], issues: [] });
  });

  it('refuses a schemeName outside the seed list', () => {
    const result = schemaValidator(
      'FundsConfirmationRequest',
      'v1',
    )({
      paymentCoverageRequestId: 'R1',
      instructedAmount: { currency: 'EUR', amount: '1' },
      accountId: { other: { identification: 'x', schemeName: 'PASS' } },
    });
    expect(result.errors).toContain(
      '/accountId/other/schemeName must be equal to one of the allowed values: ["BANK","COID","SREN","SRET","NIDN","OAUT","CPAN"]',
    );
  });

  it('accepts a payment request of GET status with nullable fields', () => {
    const result = schemaValidator(
      'PaymentRequestResponse',
      'v1.6.2',
    )({
      paymentRequest: {
        resourceId: 'PR1',
        paymentInformationId: 'P1',
        creationDateTime: '2025-03-30T10:15:00+02:00',
        numberOfTransactions: 1,
        debtorAgent: {
          bicFi: 'CCBPFRPPNAN',
          name: 'Banque',
          postalAddress: { country: 'FR', addressLine: ['1 rue'] },
        },
        initiatingParty: {
          name: 'PISP',
          organisationId: { identification: '12FR5', schemeName: 'COID', issuer: 'ACPR' },
        },
        paymentTypeInformation: { serviceLevel: 'SEPA', categoryPurpose: 'DVPM' },
        debtor: { name: 'Alice', privateId: { identification: '1', schemeName: 'BANK', issuer: 'B' } },
        debtorAccount: { iban },
        beneficiary: { creditor: { name: 'Shop' }, creditorAccount: { iban: 'FR7630004000031234567890143' } },
        purpose: 'COMC',
        chargeBearer: 'SLEV',
        paymentInformationStatus: 'PDNG',
        statusReasonInformation: null,
        fundsAvailability: null,
        booking: null,
        requestedExecutionDate: '2025-03-31T10:15:00+02:00',
        creditTransferTransaction: [
          {
            paymentId: { resourceId: 'T1', instructionId: 'I1', endToEndId: 'E1' },
            instructedAmount: { currency: 'EUR', amount: '10.00' },
            remittanceInformation: ['Order'],
            transactionStatus: 'PDNG',
          },
        ],
        supplementaryData: {
          appliedAuthenticationApproach: 'REDIRECT',
          scaHint: 'scaExemption',
          successfulReportUrl: 'https://tpp.example/ok',
        },
      },
    });
    expect(result).toEqual({ valid: true, errors: [], issues: [] });
  });
});

describe('realistic wrong shapes are refused with a readable message', () => {
  it('refuses a v1.4.2 consent without balances', () => {
    const result = schemaValidator(
      'ConsentRequest',
      'v1.4.2',
    )({ transactions: [], trustedBeneficiaries: false, psuIdentity: false });
    expect(result).toMatchObject({ valid: false, errors: ["(root) must have required property 'balances'"] });
  });

  it('refuses a v1.6.2 consent without overdrafts', () => {
    const result = schemaValidator(
      'ConsentRequest',
      'v1.6.2',
    )({
      balances: [],
      transactions: [],
      owners: [],
      trustedBeneficiaries: false,
      psuIdentity: false,
    });
    expect(result).toMatchObject({
      valid: false,
      errors: ["(root) must have required property 'overdrafts'"],
    });
  });

  it('refuses an amount given as a number', () => {
    const result = schemaValidator(
      'Balance',
      'v1.4.2',
    )({ name: 'x', balanceType: 'OTHR', balanceAmount: { amount: 12.5, currency: 'EUR' } });
    expect(result).toMatchObject({ valid: false, errors: ['/balanceAmount/amount must be string'] });
    expect(result.issues).toEqual([
      {
        message: '/balanceAmount/amount must be string',
        at: '/balanceAmount/amount',
        rule: 'AIS-BAL-AMOUNT-STRING',
      },
    ]);
  });

  it('refuses an unknown balanceType, naming the allowed values', () => {
    const result = schemaValidator(
      'Balance',
      'v1.4.2',
    )({ name: 'x', balanceType: 'XPCD', balanceAmount: { amount: '1', currency: 'EUR' } });
    expect(result).toMatchObject({
      valid: false,
      errors: ['/balanceType must be equal to one of the allowed values: ["VALU","CLBD","OTHR"]'],
    });
    expect(result.issues.map((i) => i.rule)).toEqual(['AIS-BAL-TYPE-ENUM']);
  });

  it('refuses an unknown field in the closed consent body', () => {
    const result = schemaValidator(
      'ConsentRequest',
      'v1',
    )({ balances: [], transactions: [], trustedBeneficiaries: false, psuIdentity: true, scope: 'all' });
    expect(result.errors).toEqual(['(root) must NOT have additional properties "scope"']);
  });

  it('refuses a PDNG transaction carrying an entryReference', () => {
    const result = schemaValidator(
      'Transaction',
      'v1.4.2',
    )({
      transactionAmount: { amount: '3.00', currency: 'EUR' },
      creditDebitIndicator: 'DBIT',
      status: 'PDNG',
      expectedBookingDate: '2025-03-30',
      entryReference: '42',
    });
    expect(result.valid).toBe(false);
    expect(result.errors).toContain('(root) must NOT be valid');
  });

  it('refuses an OTHR balance with a referenceDate and a CLBD balance without one', () => {
    const balance = schemaValidator('Balance', 'v1');
    expect(
      balance({
        name: 'x',
        balanceType: 'OTHR',
        balanceAmount: { amount: '1', currency: 'EUR' },
        referenceDate: '2025-01-01',
      }).valid,
    ).toBe(false);
    expect(
      balance({ name: 'x', balanceType: 'CLBD', balanceAmount: { amount: '1', currency: 'EUR' } }).errors,
    ).toEqual(["(root) must have required property 'referenceDate'"]);
  });

  it('refuses a trusted-beneficiaries link on an account', () => {
    const result = schemaValidator(
      'Account',
      'v1.6.2',
    )({
      cashAccountType: 'CACC',
      accountId: { iban },
      resourceId: 'A1',
      name: 'n',
      _links: { trustedBeneficiaries: { href: '/x' } },
    });
    expect(result.errors).toEqual(['/_links must NOT have additional properties "trustedBeneficiaries"']);
  });

  it('throws a coded error for a schema name that does not exist', () => {
    expect(() => schemaValidator('Acount', 'v1')).toThrow(
      expect.objectContaining({ code: 'ERR_SPEC_UNKNOWN_SCHEMA' }),
    );
  });
});
