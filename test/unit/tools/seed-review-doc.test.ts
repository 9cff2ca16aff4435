import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listRules } from '../../../spec/lib/index.ts';
import { parseRules } from '../../../spec/lib/rules.ts';
import type { Rule } from '../../../spec/lib/rules.ts';
import { verdictsPagePath } from '../../../tools/spec/choices-doc.ts';
import {
  buildSeedReviewDoc,
  seedReviewProblems,
  seedReviewTable,
  withSeedReview,
} from '../../../tools/spec/seed-review-doc.ts';

const base = { section: 'Limits', versions: ['v1'], roles: ['aisp'], severity: 'format' };

function rules(...entries: Record<string, unknown>[]): Rule[] {
  return parseRules({ rules: entries.map((entry) => ({ ...base, title: 't', ...entry })) }, 'r.yaml');
}

describe('the review of the seed quotes in docs/verdicts.md', () => {
  it('lists each reviewed rule with what it asserts, its quote and its verdict', () => {
    const table = seedReviewTable(listRules());
    expect(table).toContain(
      '| `TRN-SIGNATURE-HEADER-SYNTAX` | a Signature header without keyId or signature value',
    );
    expect(table).toMatch(/\| split into `TRN-SIGNATURE-HEADER-GRAMMAR` \|\n/);
    expect(table).toMatch(/\| `TRN-SIGNATURE-LIFETIME` \| [^\n]* \| \(choice\) [^\n]* \| reclassified \|/);
    expect(table).not.toContain('| `TRN-SIGNATURE-HEADER-GRAMMAR` |');
  });

  it('is up to date in the page, and regenerating a changed page restores it', () => {
    expect(buildSeedReviewDoc(true)).toEqual([]);
    const page = readFileSync(verdictsPagePath(), 'utf8');
    expect(withSeedReview(page.replace('| `TOK-CODE-ONE-TIME` |', '| `GONE` |'), listRules())).toBe(page);
    expect(withSeedReview('no markers here', listRules())).toBeUndefined();
  });

  it('parses the four verdicts and refuses a review without asserts or with another verdict', () => {
    const [ok, split] = rules(
      { id: 'QTA-A', basis: 'seed', quote: 'q', asserts: 'a', review: 'ok' },
      { id: 'QTA-B', basis: 'seed', quote: 'q', asserts: 'b', review: 'split into QTA-C, QTA-D' },
    );
    expect(ok?.review).toEqual({ asserts: 'a', verdict: { kind: 'ok' } });
    expect(split?.review?.verdict).toEqual({ kind: 'split', into: ['QTA-C', 'QTA-D'] });
    const seed = { id: 'QTA-A', basis: 'seed', quote: 'q' };
    expect(() => rules({ ...seed, review: 'ok' })).toThrow(/QTA-A has an incomplete review/);
    expect(() => rules({ ...seed, asserts: 'a', review: 'fine' })).toThrow(/incomplete review/);
    expect(() => rules({ ...seed, asserts: 'a\nb', review: 'ok' })).toThrow(/incomplete review/);
  });

  it('finds a seed rule not reviewed, a split into no choice rule and a verdict that contradicts the basis', () => {
    const catalogue = rules(
      { id: 'QTA-A', basis: 'seed', quote: 'q', asserts: 'a', review: 'split into QTA-B, QTA-C' },
      { id: 'QTA-B', basis: 'seed', quote: 'q', asserts: 'b', review: 'reclassified' },
      { id: 'QTA-D', basis: 'choice', reason: 'r', alternate: 'o', asserts: 'd', review: 'requoted' },
      { id: 'QTA-E', basis: 'seed', quote: 'q' },
      { id: 'QTA-F', basis: 'choice', reason: 'r', alternate: 'o' },
    );
    expect(seedReviewProblems(catalogue)).toEqual([
      'rule QTA-A: split into QTA-B, which is no choice rule',
      'rule QTA-A: split into QTA-C, which is no choice rule',
      'rule QTA-B: review reclassified but basis: seed',
      'rule QTA-D: review requoted but basis: choice',
      'rule QTA-E: a seed rule without asserts: and review: (docs/verdicts.md, Seed quotes reviewed)',
    ]);
    expect(seedReviewProblems(listRules())).toEqual([]);
  });
});
