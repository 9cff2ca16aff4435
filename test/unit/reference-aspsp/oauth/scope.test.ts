import { describe, expect, it } from 'vitest';
import { roleOfScope, tokenScope } from '../../../../reference-aspsp/oauth/scope.ts';

describe('scopes', () => {
  it('maps each role token, CBPII under both its names', () => {
    expect(roleOfScope('aisp')?.role).toBe('aisp');
    expect(roleOfScope('piisp')?.role).toBe('cbpii');
    expect(roleOfScope('cbpii offline_access')?.role).toBe('cbpii');
    expect(roleOfScope('pisp')?.role).toBe('pisp');
  });

  it('refuses empty scopes, unknown tokens and two roles at once', () => {
    expect(roleOfScope('')).toBeUndefined();
    expect(roleOfScope('openid')).toBeUndefined();
    expect(roleOfScope('aisp pisp')).toBeUndefined();
  });

  it('answers aisp offline_access as in the seed example', () => {
    expect(tokenScope('aisp')).toBe('aisp offline_access');
    expect(tokenScope('piisp')).toBe('piisp offline_access');
    expect(tokenScope('pisp')).toBe('pisp');
  });
});
