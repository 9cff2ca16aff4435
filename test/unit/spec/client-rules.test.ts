import { describe, expect, it } from 'vitest';
import { listClientRules, parseClientRules } from '../../../spec/lib/index.ts';
import { checkClientRules } from '../../../tools/spec/client-rules-check.ts';
import { committedSeedText } from '../../../tools/spec/seed-text-file.ts';
import { committedSeedSections } from '../../../tools/spec/seed-sections-file.ts';

const rule = {
  id: 'CLT-A',
  title: 't',
  section: 'Limits',
  quote: 'a long enough quote',
  basis: 'seed',
  judged: 'j',
};

describe('spec/client-rules.yaml', () => {
  it('parses into rules with CLT- ids', () => {
    expect(listClientRules().length).toBeGreaterThanOrEqual(15);
    expect(listClientRules().every((r) => r.id.startsWith('CLT-'))).toBe(true);
  });

  it('refuses an id used twice', () => {
    expect(() => parseClientRules({ rules: [rule, rule] })).toThrow('CLT-A is used twice');
  });

  it('refuses a rule that does not follow the schema', () => {
    expect(() => parseClientRules({ rules: [{ ...rule, basis: 'hunch' }] })).toThrow(/client-rules\.yaml/);
    expect(() => parseClientRules({ rules: [{ ...rule, id: 'TOK-A' }] })).toThrow(/pattern/);
  });

  it('has every quote in the seed and every section among its sections', () => {
    // The committed copy of the seed's text, normalised as spec:check reads it (pipes, white space).
    expect(checkClientRules(committedSeedSections(), committedSeedText())).toEqual([]);
    expect(checkClientRules(committedSeedSections(), 'a seed that quotes nothing')).toHaveLength(
      listClientRules().length,
    );
  });
});
