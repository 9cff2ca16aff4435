import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listRules } from '../../../spec/lib/index.ts';
import {
  buildChoicesDoc,
  choicesTable,
  verdictsPagePath,
  withChoices,
} from '../../../tools/spec/choices-doc.ts';

describe('the list of choices in docs/verdicts.md', () => {
  it('lists every choice rule with its reason and no seed rule', () => {
    const table = choicesTable(listRules());
    const choices = listRules().filter((r) => r.basis.kind === 'choice');
    expect(table.split('\n')).toHaveLength(choices.length + 2);
    expect(table).toContain('| `TOK-NO-SCOPE-IN-CODE-FORM` |');
    expect(table).not.toContain('`TOK-WRONG-SCOPE-BADS`');
  });

  it('says for each choice what the alternate bank does instead', () => {
    const table = choicesTable(listRules());
    expect(table.split('\n')[0]).toBe(
      '| rule | what the check expects | why it is our choice | what the alternate bank does |',
    );
    expect(table).toMatch(/^\| `ERR-405-ALLOW` \| .* \| .* \| A 405 carries no Allow header\. \|$/m);
  });

  it('is up to date in the page, and regenerating a changed page restores it', () => {
    expect(buildChoicesDoc(true)).toBeUndefined();
    const page = readFileSync(verdictsPagePath(), 'utf8');
    expect(withChoices(page.replace('`BAD-OVERSIZED-BODY`', '`GONE`'), listRules())).toBe(page);
  });

  it('needs both markers', () => {
    expect(withChoices('no markers here', listRules())).toBeUndefined();
  });
});
