import { describe, expect, it } from 'vitest';
import { versionProfile } from '../../../../spec/lib/index.ts';
import { scopeAllowsFundsConfirmation } from '../../../../reference-aspsp/cbpii/funds-confirmation-scope.ts';

describe('scopeAllowsFundsConfirmation', () => {
  it('wants piisp on v1 and cbpii on v1.4.2', () => {
    expect(scopeAllowsFundsConfirmation('piisp', versionProfile('v1'))).toBe(true);
    expect(scopeAllowsFundsConfirmation('cbpii', versionProfile('v1.4.2'))).toBe(true);
    expect(scopeAllowsFundsConfirmation('cbpii offline_access', versionProfile('v1.4.2'))).toBe(true);
  });

  it('refuses the other version’s scope and any other role', () => {
    expect(scopeAllowsFundsConfirmation('cbpii', versionProfile('v1'))).toBe(false);
    expect(scopeAllowsFundsConfirmation('piisp', versionProfile('v1.4.2'))).toBe(false);
    expect(scopeAllowsFundsConfirmation('aisp offline_access', versionProfile('v1'))).toBe(false);
  });

  it('offers nothing on v1.6.2', () => {
    expect(scopeAllowsFundsConfirmation('cbpii', versionProfile('v1.6.2'))).toBe(false);
    expect(scopeAllowsFundsConfirmation('piisp', versionProfile('v1.6.2'))).toBe(false);
  });
});
