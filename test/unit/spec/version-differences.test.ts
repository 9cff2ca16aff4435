import { describe, expect, it } from 'vitest';
import {
  apiVersions,
  matchOperation,
  openApiDocument,
  operationScope,
  schemaValidator,
  versionCalendar,
} from '../../../spec/lib/index.ts';
import type { ApiVersion } from '../../../spec/lib/index.ts';

// Each test is one difference of the seed's Versioning section, checked in the calendar data and in the
// generated documents, so neither can drift from the seed nor from each other.
const capabilities = (v: ApiVersion) => versionCalendar().capabilities[v];
const has = (v: ApiVersion, method: string, path: string) => matchOperation(v, method, path) !== undefined;
const emptyConsent = { balances: [], transactions: [], trustedBeneficiaries: false, psuIdentity: false };
const card = (v: ApiVersion, type: string, amount: string) =>
  schemaValidator(
    'Balance',
    v,
  )({ name: 'card', balanceType: type, balanceAmount: { amount, currency: 'EUR' } });

describe('version differences of the seed', () => {
  it('lists v1, v1.4.2 and v1.6.2 with STET 1.4.0.47, 1.4.2.17 and 1.6.2.0', () => {
    expect(versionCalendar().versions.map((v) => [v.id, v.stet])).toEqual([
      ['v1', '1.4.0.47'],
      ['v1.4.2', '1.4.2.17'],
      ['v1.6.2', '1.6.2.0'],
    ]);
    for (const v of apiVersions) expect(openApiDocument(v)['info']).toMatchObject({ version: v });
  });

  it('adds overdrafts in v1.6.2 only', () => {
    expect(apiVersions.map((v) => capabilities(v).overdrafts)).toEqual([false, false, true]);
    expect(apiVersions.map((v) => has(v, 'GET', `/stet/psd2/${v}/accounts/A1/overdrafts`))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('adds owners in v1.6.2 only', () => {
    expect(apiVersions.map((v) => capabilities(v).owners)).toEqual([false, false, true]);
    expect(apiVersions.map((v) => has(v, 'GET', `/stet/psd2/${v}/accounts/A1/owners`))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('adds the consent fields overdrafts and owners in v1.6.2, required there and refused before', () => {
    expect(capabilities('v1.6.2').consentFields).toEqual(expect.arrayContaining(['overdrafts', 'owners']));
    expect(capabilities('v1.4.2').consentFields).not.toContain('overdrafts');
    const withNew = { ...emptyConsent, overdrafts: [], owners: [] };
    expect(schemaValidator('ConsentRequest', 'v1.6.2')(withNew).valid).toBe(true);
    expect(schemaValidator('ConsentRequest', 'v1.6.2')(emptyConsent).valid).toBe(false);
    expect(schemaValidator('ConsentRequest', 'v1.4.2')(withNew).errors).toEqual([
      '(root) must NOT have additional properties "overdrafts"',
      '(root) must NOT have additional properties "owners"',
    ]);
    expect(schemaValidator('ConsentRequest', 'v1.4.2')(emptyConsent).valid).toBe(true);
  });

  it('adds currency accounts with a single OTHR balance in v1.6.2', () => {
    expect(apiVersions.map((v) => capabilities(v).currencyAccounts)).toEqual([false, false, true]);
  });

  it('types card outstandings ITAV and PRCD with negative amounts in v1.6.2, positive OTHR before', () => {
    expect(capabilities('v1.6.2')).toMatchObject({
      cardBalanceTypes: ['ITAV', 'PRCD'],
      cardOutstandingSign: 'negative',
    });
    expect(capabilities('v1.4.2')).toMatchObject({ cardOutstandingSign: 'positive' });
    expect(card('v1.6.2', 'ITAV', '-10.00').valid).toBe(true);
    expect(card('v1.6.2', 'PRCD', '10.00').valid).toBe(false);
    expect(card('v1.4.2', 'ITAV', '-10.00').valid).toBe(false);
    expect(card('v1.4.2', 'OTHR', '10.00').valid).toBe(true);
  });

  it('adds currency to the account identification in v1.6.2', () => {
    const withCurrency = {
      ...emptyConsent,
      balances: [{ iban: 'FR7613807008043001965405255', currency: 'USD' }],
    };
    expect(apiVersions.map((v) => capabilities(v).accountIdentificationCurrency)).toEqual([
      false,
      false,
      true,
    ]);
    expect(
      schemaValidator('ConsentRequest', 'v1.6.2')({ ...withCurrency, overdrafts: [], owners: [] }).valid,
    ).toBe(true);
    expect(schemaValidator('ConsentRequest', 'v1.4.2')(withCurrency).errors).toEqual([
      '/balances/0 must NOT have additional properties "currency"',
    ]);
  });

  it('uses scope piisp for CBPII in v1 and cbpii in v1.4.2', () => {
    expect(capabilities('v1').cbpiiScope).toBe('piisp');
    expect(capabilities('v1.4.2').cbpiiScope).toBe('cbpii');
    const scope = (v: ApiVersion) => operationScope(v, 'POST', `/stet/psd2/${v}/funds-confirmations`);
    expect([scope('v1'), scope('v1.4.2')]).toEqual(['piisp', 'cbpii']);
  });

  it('offers funds confirmation on the two paths the seed lists (v1, v1.4.2), not on v1.6.2', () => {
    expect(apiVersions.map((v) => has(v, 'POST', `/stet/psd2/${v}/funds-confirmations`))).toEqual([
      true,
      true,
      false,
    ]);
    expect(apiVersions.map((v) => capabilities(v).fundsConfirmation)).toEqual([true, true, false]);
  });

  it("uses the unstructured remittance object after v1; in v1 an array of strings (ours) or the seed table's object", () => {
    const tx = (remittanceInformation: unknown) => ({
      transactionAmount: { amount: '1.00', currency: 'EUR' },
      creditDebitIndicator: 'CRDT',
      status: 'FUTR',
      expectedBookingDate: '2025-04-01',
      remittanceInformation,
    });
    expect(schemaValidator('Transaction', 'v1')(tx(['a'])).valid).toBe(true);
    // The seed's Transaction table shows the object without naming a version: a v1 bank may send it.
    expect(schemaValidator('Transaction', 'v1')(tx({ unstructured: ['a'] })).valid).toBe(true);
    expect(schemaValidator('Transaction', 'v1')(tx('a')).valid).toBe(false);
    expect(schemaValidator('Transaction', 'v1.4.2')(tx({ unstructured: ['a'] })).valid).toBe(true);
    expect(schemaValidator('Transaction', 'v1.6.2')(tx(['a'])).valid).toBe(false);
    expect(apiVersions.map((v) => capabilities(v).remittanceInformation)).toEqual([
      'array',
      'unstructured',
      'unstructured',
    ]);
  });
});
