import { describe, expect, it } from 'vitest';
import { didYouMean, didYouMeanSentence, editDistance } from '../../../cli/did-you-mean.ts';

const suites = ['smoke-ais', 'smoke-pis', 'ais-accounts', 'ais-transactions', 'tok-token'];

describe('did you mean', () => {
  it('offers the suite one letter away from a typo', () => {
    expect(didYouMean('smok-ais', suites)).toEqual(['smoke-ais']);
  });

  it('counts two swapped letters as one edit', () => {
    expect(editDistance('smoek-ais', 'smoke-ais')).toBe(1);
    expect(didYouMean('smoek-ais', suites)).toEqual(['smoke-ais']);
  });

  it('offers the closest ids first, at most three', () => {
    expect(didYouMean('smoke-xis', suites)).toEqual(['smoke-ais', 'smoke-pis']);
    expect(didYouMean('smoke', [...suites, 'smoke-cbpii', 'smoke-tok'])).toHaveLength(3);
  });

  it('ignores case', () => {
    expect(didYouMean('SMOKE-AIS-', suites)).toEqual(['smoke-ais']);
  });

  it('offers nothing for an id close to none', () => {
    expect(didYouMean('payments', suites)).toEqual([]);
    expect(didYouMeanSentence('payments', suites)).toBeUndefined();
  });

  it('does not offer the typed id itself', () => {
    expect(didYouMean('smoke-ais', suites)).not.toContain('smoke-ais');
  });

  it('says one suggestion, or several joined with or', () => {
    expect(didYouMeanSentence('smok-ais', suites)).toBe('did you mean smoke-ais?');
    expect(didYouMeanSentence('smoke-xis', suites)).toBe('did you mean smoke-ais or smoke-pis?');
  });
});
