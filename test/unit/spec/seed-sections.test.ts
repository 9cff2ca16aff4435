import { describe, expect, it } from 'vitest';
import { citableSections, extractSeedSections } from '../../../tools/spec/seed-sections.ts';
import { checkRules } from '../../../tools/spec/spec-checks.ts';
import { committedSeedText, normaliseSeedText, quoteFound } from '../../../tools/spec/seed-text-file.ts';

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
    const problems = checkRules([{ path: 'Limits', anchors: [] }], committedSeedText());
    expect(problems.length).toBeGreaterThan(100);
    expect(problems).toContain(
      'rule AIS-TRX-DATETO-EXCLUSIVE: section "Endpoints > Account information > Transaction query parameters" is not in the seed',
    );
    expect(problems.some((p) => p.startsWith('rule AIS-TRX-HISTORY-90-DAYS'))).toBe(false);
  });

  it('finds every rule quote in the committed copy of the seed text, and reports one that is not there', () => {
    const text = committedSeedText();
    expect(checkRules([], text).filter((p) => p.includes('quote'))).toEqual([]);
    expect(checkRules([], 'another text').filter((p) => p.includes('quote')).length).toBeGreaterThan(200);
  });

  it('matches a quote across table pipes and line breaks, never a word the seed does not have', () => {
    const seed = normaliseSeedText(
      '| Limit | Value |\n|---|---|\n| Access token validity | 3600\n seconds |',
    );
    expect(quoteFound('Access token validity 3600 seconds', seed)).toBe(true);
    expect(quoteFound('Access token validity | 3600 seconds', seed)).toBe(true);
    expect(quoteFound('Access token validity 3601 seconds', seed)).toBe(false);
    expect(quoteFound('   ', seed)).toBe(false);
  });
});
