import { describe, expect, it } from 'vitest';
import { choiceOnly, ruleRef } from '../../../../harness/runner/rule-basis.ts';

describe('which findings are advisory', () => {
  it('makes a finding advisory only when every rule at stake is a choice', () => {
    expect(choiceOnly(['TOK-NO-SCOPE-IN-CODE-FORM'])).toBe(true);
    expect(choiceOnly(['TOK-NO-SCOPE-IN-CODE-FORM', 'BAD-UNKNOWN-FIELD'])).toBe(true);
    expect(choiceOnly(['TOK-NO-SCOPE-IN-CODE-FORM', 'TOK-CODE-FORM-FIELDS'])).toBe(false);
    expect(choiceOnly([])).toBe(false);
    expect(choiceOnly(['NOT-A-RULE'])).toBe(false);
  });

  it('treats a live-only seed rule as a choice against a sandbox, and as the seed against a live host', () => {
    expect(choiceOnly(['PIS-CONFIRMATION-200'], { sandbox: true })).toBe(true);
    expect(choiceOnly(['PIS-CONFIRMATION-200'], { sandbox: false })).toBe(false);
    expect(choiceOnly(['PIS-INITIATE'], { sandbox: true })).toBe(false);
  });

  it('names each rule of a result with its basis', () => {
    expect(ruleRef('BAD-OVERSIZED-BODY')).toMatchObject({ id: 'BAD-OVERSIZED-BODY', basis: 'choice' });
    expect(ruleRef('TOK-WRONG-SCOPE-BADS')).toMatchObject({ basis: 'seed', section: 'Authentication' });
    expect(ruleRef('NOT-A-RULE')).toEqual({ id: 'NOT-A-RULE', title: 'NOT-A-RULE', section: '' });
  });
});
