import { describe, expect, it } from 'vitest';
import { citableSections, extractSeedSections } from '../../../tools/spec/seed-sections.ts';
import { checkRules } from '../../../tools/spec/spec-checks.ts';

const text = [
  '# Title',
  '## Endpoints',
  'Headers used on resource calls: `Authorization`.',
  '### Account information',
  '| a | b |',
  'Transaction query parameters (all optional): `dateFrom`.',
  'Errors carry a code. HTTP statuses shown:',
  '## Limits',
].join('\n');

describe('seed sections', () => {
  it('builds heading paths below the title and keeps labelled paragraphs as anchors', () => {
    expect(extractSeedSections(text)).toEqual([
      { path: 'Endpoints', anchors: ['Headers used on resource calls'] },
      { path: 'Endpoints > Account information', anchors: ['Transaction query parameters'] },
      { path: 'Limits', anchors: [] },
    ]);
  });

  it('cites a section by its path or by its path and one anchor', () => {
    const citable = citableSections(extractSeedSections(text));
    expect(citable.has('Endpoints > Account information > Transaction query parameters')).toBe(true);
    expect(citable.has('Account information')).toBe(false);
  });

  it('reports every rule whose section the seed does not have', () => {
    const problems = checkRules([{ path: 'Limits', anchors: [] }]);
    expect(problems.length).toBeGreaterThan(100);
    expect(problems).toContain(
      'rule AIS-TRX-DATETO-EXCLUSIVE: section "Endpoints > Account information > Transaction query parameters" is not in the seed',
    );
    expect(problems.some((p) => p.startsWith('rule AIS-TRX-HISTORY-90-DAYS'))).toBe(false);
  });
});
