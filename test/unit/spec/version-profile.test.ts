import { describe, expect, it } from 'vitest';
import {
  apiVersions,
  matchOperation,
  newestApiVersion,
  newestVersionProfile,
  openApiDocument,
  operationScope,
  resolveProfile,
  schemaValidator,
  versionCalendar,
  versionProfile,
  versionProfiles,
  versionsWhere,
} from '../../../spec/lib/index.ts';
import type { VersionCapabilities, VersionProfile } from '../../../spec/lib/index.ts';
import { parseVersionCalendar } from '../../../spec/lib/versions.ts';
import { readSpecYaml } from '../../../spec/lib/spec-files.ts';

// Each profile is checked against its own OpenAPI document, version by version, so a version added to
// spec/versions.yaml is held to its markers without a new test.
const has = (p: VersionProfile, method: string, path: string) =>
  matchOperation(p.version, method, `/stet/psd2/${p.version}${path}`) !== undefined;
const schema = (p: VersionProfile, name: string): Record<string, unknown> => {
  const components = openApiDocument(p.version)['components'] as { schemas: Record<string, unknown> };
  return components.schemas[name] as Record<string, unknown>;
};
const balance = (p: VersionProfile, balanceType: string, amount: string) =>
  schemaValidator(
    'Balance',
    p.version,
  )({ name: 'card', balanceType, balanceAmount: { amount, currency: 'EUR' } });

describe('version profiles', () => {
  it('gives one profile per version of spec/versions.yaml, oldest first, with its STET release', () => {
    expect(versionProfiles().map((p) => p.version)).toEqual([...apiVersions]);
    expect(versionProfiles().map((p) => p.stet)).toEqual(versionCalendar().versions.map((v) => v.stet));
    expect(versionProfile('v1.4.2')).toBe(versionProfiles()[1]);
    expect(newestVersionProfile().version).toBe(newestApiVersion);
  });

  it('is frozen down to its lists, so no caller can change what a version offers', () => {
    for (const p of versionProfiles()) {
      expect(Object.isFrozen(p)).toBe(true);
      for (const part of [p.accountFunctions, p.consentFields, p.balanceTypes, p.cardOutstandings])
        expect(Object.isFrozen(part)).toBe(true);
    }
    const profile = versionProfile('v1.6.2');
    expect(() => (profile.consentFields as string[]).push('x')).toThrow(TypeError);
  });

  it('has an account path exactly for each account function of the profile', () => {
    for (const p of versionProfiles()) {
      for (const fn of ['balances', 'transactions', 'overdrafts', 'owners'] as const)
        expect(has(p, 'GET', `/accounts/A1/${fn}`), `${p.version} ${fn}`).toBe(
          p.accountFunctions.includes(fn),
        );
    }
    expect(versionProfile('v1').accountFunctions).toEqual(['balances', 'transactions']);
    expect(versionProfile('v1.6.2').accountFunctions).toEqual([
      'balances',
      'transactions',
      'overdrafts',
      'owners',
    ]);
  });

  it('lists the fields its ConsentRequest schema has and requires', () => {
    for (const p of versionProfiles()) {
      const consent = schema(p, 'ConsentRequest');
      expect(Object.keys(consent['properties'] as object).sort(), p.version).toEqual(
        [...p.consentFields].sort(),
      );
      expect([...(consent['required'] as string[])].sort(), p.version).toEqual([...p.consentFields].sort());
    }
  });

  it('allows a currency in the account identification exactly where the profile says', () => {
    const body = (p: VersionProfile) => ({
      ...Object.fromEntries(
        p.consentFields.map((f) => [f, f === 'trustedBeneficiaries' || f === 'psuIdentity' ? false : []]),
      ),
      balances: [{ iban: 'FR7613807008043001965405255', currency: 'USD' }],
    });
    for (const p of versionProfiles())
      expect(schemaValidator('ConsentRequest', p.version)(body(p)).valid, p.version).toBe(
        p.accountIdentificationCurrency,
      );
  });

  it('offers funds confirmation, with its CBPII scope, exactly where the document has the path', () => {
    for (const p of versionProfiles()) {
      expect(has(p, 'POST', '/funds-confirmations'), p.version).toBe(p.fundsConfirmation);
      expect(p.cbpiiScope === null, p.version).toBe(!p.fundsConfirmation);
      if (p.fundsConfirmation)
        expect(operationScope(p.version, 'POST', `/stet/psd2/${p.version}/funds-confirmations`)).toBe(
          p.cbpiiScope,
        );
    }
    // The seed's facts; a later version may add to the second list, not to the first.
    expect(versionsWhere((p) => p.fundsConfirmation)).toEqual(['v1', 'v1.4.2']);
    expect(versionsWhere((p) => p.owners)).not.toContain('v1.4.2');
    expect(versionsWhere((p) => p.owners)).toContain('v1.6.2');
  });

  it('types and signs card outstandings as its Balance schema accepts them', () => {
    for (const p of versionProfiles()) {
      const amount = p.cardOutstandingSign === 'negative' ? '-10.00' : '10.00';
      const types = [
        p.cardOutstandings.carriedOver,
        p.cardOutstandings.currentMonth,
        p.cardOutstandings.previousMonth,
      ];
      for (const type of types) expect(balance(p, type, amount).valid, `${p.version} ${type}`).toBe(true);
      expect(p.cardBalanceTypes).toEqual([...new Set(types)]);
    }
    expect(versionProfile('v1.6.2').cardOutstandings).toEqual({
      carriedOver: 'ITAV',
      currentMonth: 'ITAV',
      previousMonth: 'PRCD',
    });
  });

  it('shapes remittanceInformation as its Transaction schema requires', () => {
    const transaction = (remittanceInformation: unknown) => ({
      transactionAmount: { amount: '1.00', currency: 'EUR' },
      creditDebitIndicator: 'CRDT',
      status: 'FUTR',
      expectedBookingDate: '2025-04-01',
      remittanceInformation,
    });
    for (const p of versionProfiles()) {
      const shaped = p.remittanceInformation === 'array' ? ['a'] : { unstructured: ['a'] };
      const other = p.remittanceInformation === 'array' ? { unstructured: ['a'] } : ['a'];
      expect(schemaValidator('Transaction', p.version)(transaction(shaped)).valid, p.version).toBe(true);
      // Where the profile sends an array (v1, ours), the seed table's object is read too.
      expect(schemaValidator('Transaction', p.version)(transaction(other)).valid, p.version).toBe(
        p.remittanceInformation === 'array',
      );
    }
  });

  it('adds overdrafts and owners to the account functions in consent-body order', () => {
    const base = versionCalendar().capabilities['v1.6.2'];
    const only = (caps: Partial<VersionCapabilities>) =>
      resolveProfile('v1.6.2', '1.6.2.0', { ...base, ...caps }).accountFunctions;
    expect(only({ overdrafts: false, owners: true })).toEqual(['balances', 'transactions', 'owners']);
    expect(only({ overdrafts: true, owners: false })).toEqual(['balances', 'transactions', 'overdrafts']);
  });
});

describe('capabilities blocks of spec/versions.yaml', () => {
  const withBlock = (version: string, change: Record<string, unknown>) => {
    const doc = readSpecYaml('versions.yaml') as Record<string, Record<string, Record<string, unknown>>>;
    const capabilities = {
      ...doc['capabilities'],
      [version]: { ...doc['capabilities']?.[version], ...change },
    };
    return () => parseVersionCalendar({ ...doc, capabilities }, 'versions.yaml');
  };

  it('refuses a balance type, a consent field or an outstanding kind the seed does not have', () => {
    expect(withBlock('v1', { balanceTypes: ['VALU', 'XXXX'] })).toThrow(/balanceTypes/);
    expect(withBlock('v1', { consentFields: ['balances', 'beneficiaries'] })).toThrow(/consentFields/);
    expect(withBlock('v1', { cardOutstandings: { carriedOver: 'OTHR', currentMonth: 'OTHR' } })).toThrow(
      /previousMonth/,
    );
  });

  it('refuses a calendar missing the block of a version', () => {
    const doc = readSpecYaml('versions.yaml') as Record<string, Record<string, unknown>>;
    const { 'v1.4.2': _dropped, ...rest } = doc['capabilities'] ?? {};
    expect(() => parseVersionCalendar({ ...doc, capabilities: rest }, 'versions.yaml')).toThrow(/v1\.4\.2/);
  });
});
