import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuitesSession } from '../../../../test/mutation/suites-session.ts';

const root = join(import.meta.dirname, '..', '..', '..', '..');
const session = await loadSuitesSession(root);

describe('the suites as the test of mutation runs', () => {
  it('names every case once, by set-up, suite and case', () => {
    const ids = session.tests.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('sandbox smoke-ais token-exchange');
  });

  it('points each test at the line of its case in the suite file, so an edited case is a changed test', () => {
    const lines = new Map<string, string[]>();
    for (const test of session.tests) {
      const text = lines.get(test.fileName) ?? readFileSync(test.fileName, 'utf8').split('\n');
      lines.set(test.fileName, text);
      const caseId = test.id.split(' ').at(-1) ?? '';
      const line = text[test.startPosition.line - 1] ?? '';
      expect(line.slice(test.startPosition.column)).toMatch(new RegExp(`^(- )?id: ${caseId}\\s*$`));
    }
  });
});
