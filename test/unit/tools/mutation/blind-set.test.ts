import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseBlindSet,
  patchedFiles,
  selectMutants,
  unmatchedPatches,
  type BlindMutant,
} from '../../../../tools/mutation/blind-set.ts';
import { committedSeedText, quoteFound } from '../../../../tools/spec/seed-text-file.ts';

const folder = resolve(import.meta.dirname, '../../../../mutation/blind');
const base = 'dbf48e27750ab95d6543c883b105ccee84c114de';

function entry(id: string, extra: Record<string, string> = {}): string {
  const fields = {
    id,
    file: `${id}.patch`,
    target: 'reference-aspsp/ais/quota.ts',
    family: 'quotas',
    seed: '4 per calendar day',
    bug: 'the fifth call is served',
    why: 'off by one',
    ...extra,
  };
  return `  - ${Object.entries(fields)
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
    .join('\n    ')}`;
}

const setOf = (...entries: string[]): string => `base: ${base}\nmutants:\n${entries.join('\n')}\n`;

const mutant = (id: string): BlindMutant => ({
  id,
  file: `${id}.patch`,
  target: 'reference-aspsp/ais/quota.ts',
  family: 'quotas',
  seed: 's',
  bug: 'b',
  why: 'w',
});

describe('blind mutant set index', () => {
  it('reads the base commit and each entry in order', () => {
    const set = parseBlindSet(setOf(entry('01-fifth-call'), entry('02-fourth-refused')));
    expect(set.base).toBe(base);
    expect(set.mutants.map((m) => m.id)).toEqual(['01-fifth-call', '02-fourth-refused']);
    expect(set.mutants[0]?.seed).toBe('4 per calendar day');
  });

  it('refuses an entry without a seed sentence', () => {
    expect(() => parseBlindSet(setOf(entry('01-fifth-call', { seed: ' ' })))).toThrow(/entry 1 has no seed/);
  });

  it('refuses a patch file named otherwise than the id', () => {
    expect(() => parseBlindSet(setOf(entry('01-fifth-call', { file: 'other.patch' })))).toThrow(
      /names the patch other.patch/,
    );
  });

  it('refuses a patch of a file outside the reference', () => {
    expect(() => parseBlindSet(setOf(entry('01-fifth-call', { target: 'suites/quotas/x.yaml' })))).toThrow(
      /outside reference-aspsp/,
    );
  });

  it('refuses an id listed twice and an id without its number', () => {
    expect(() => parseBlindSet(setOf(entry('01-a'), entry('01-a')))).toThrow(/listed twice/);
    expect(() => parseBlindSet(setOf(entry('fifth-call')))).toThrow(/not <nn>-<slug>/);
  });

  it('refuses a base that is not a commit', () => {
    expect(() => parseBlindSet(`base: HEAD\nmutants:\n${entry('01-a')}\n`)).toThrow(/base/);
  });

  it('names the patches the index does not list and the listed patches that are missing', () => {
    const set = parseBlindSet(setOf(entry('01-a'), entry('02-b')));
    expect(unmatchedPatches(set, ['01-a.patch', '03-c.patch', 'mutants.yaml'])).toEqual({
      unlisted: ['03-c.patch'],
      missing: ['02-b.patch'],
    });
    expect(unmatchedPatches(set, ['02-b.patch', '01-a.patch'])).toEqual({ unlisted: [], missing: [] });
  });

  it('reads the files a unified diff changes from its +++ lines', () => {
    const patch = [
      'diff --git a/reference-aspsp/ais/quota.ts b/reference-aspsp/ais/quota.ts',
      '--- a/reference-aspsp/ais/quota.ts',
      '+++ b/reference-aspsp/ais/quota.ts',
      '@@ -1 +1 @@',
      '-  return count <= allowed;',
      '+  return count < allowed;',
    ].join('\n');
    expect(patchedFiles(patch)).toEqual(['reference-aspsp/ais/quota.ts']);
  });
});

describe('blind mutant selection', () => {
  const all = ['01-a', '02-b', '03-c', '04-d', '05-e', '06-f'].map(mutant);

  it('takes every mutant by default', () => {
    expect(selectMutants(all, { only: [], sample: undefined })).toHaveLength(6);
  });

  it('takes the mutants named by id or by number, in the order named', () => {
    expect(selectMutants(all, { only: ['04', '02-b'], sample: undefined }).map((m) => m.id)).toEqual([
      '04-d',
      '02-b',
    ]);
  });

  it('refuses a name that matches no mutant', () => {
    expect(() => selectMutants(all, { only: ['07'], sample: undefined })).toThrow(/no blind mutant 07/);
  });

  it('spreads a sample over the whole set', () => {
    expect(selectMutants(all, { only: [], sample: 3 }).map((m) => m.id)).toEqual(['01-a', '03-c', '05-e']);
    expect(selectMutants(all, { only: [], sample: 10 })).toHaveLength(6);
  });
});

describe('the committed blind set', () => {
  const set = parseBlindSet(readFileSync(join(folder, 'mutants.yaml'), 'utf8'));

  it('has at least 45 mutants, each with its patch and no stray patch', () => {
    expect(set.mutants.length).toBeGreaterThanOrEqual(45);
    expect(unmatchedPatches(set, readdirSync(folder))).toEqual({ unlisted: [], missing: [] });
  });

  it('quotes each broken seed sentence verbatim', () => {
    const seed = committedSeedText();
    const misquoted = set.mutants.filter((m) => !quoteFound(m.seed, seed)).map((m) => m.id);
    expect(misquoted).toEqual([]);
  });

  it('patches exactly the one reference file each entry names', () => {
    const wrong = set.mutants
      .filter((m) => {
        const files = patchedFiles(readFileSync(join(folder, m.file), 'utf8'));
        return files.length !== 1 || files[0] !== m.target;
      })
      .map((m) => m.id);
    expect(wrong).toEqual([]);
  });
});
