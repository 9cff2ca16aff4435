import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  faultCatalogue,
  faultFamilies,
  findFault,
  isFaultName,
} from '../../../../reference-aspsp/faults/catalogue.ts';
import { getRule } from '../../../../spec/lib/index.ts';

const root = fileURLToPath(new URL('../../../../reference-aspsp/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Every `faults.has('name')` of the reference outside the catalogue itself, with its file. The fault
 * set is typed (`FaultSet`), so a misspelt name does not compile; where and how often a name is
 * switched is what this reads.
 */
const switches = sources(root)
  .filter((file) => !relative(root, file).startsWith('faults'))
  .flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/faults\.has\(\s*'([a-z0-9-]+)'\s*\)/g)].map((m) => ({
      name: m[1] ?? '',
      file: relative(root, file),
    })),
  );

describe('the fault catalogue', () => {
  it('holds at least 40 faults with unique kebab-case names and a description', () => {
    expect(faultCatalogue.length).toBeGreaterThanOrEqual(40);
    const names = faultCatalogue.map((fault) => fault.name);
    expect(new Set(names).size).toBe(names.length);
    for (const fault of faultCatalogue) {
      expect(fault.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(fault.description.length, fault.name).toBeGreaterThan(10);
      expect(fault.rules.length, fault.name).toBeGreaterThan(0);
    }
  });

  it('declares each name in one family only (a second one would silently replace the first)', () => {
    const declared = faultFamilies.flatMap((family) => Object.keys(family));
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared).toEqual(faultCatalogue.map((fault) => fault.name));
  });

  it('tells its names from other strings', () => {
    expect(isFaultName('consent-merged')).toBe(true);
    expect(isFaultName('consent-merge')).toBe(false);
    expect(isFaultName('toString')).toBe(false);
    expect(findFault('toString')).toBeUndefined();
    expect(findFault('pages-overlap')?.rules).toEqual(['AIS-TRX-PAGES-COMPLETE']);
  });

  it('names only rule ids that exist in spec/rules.yaml', () => {
    for (const fault of faultCatalogue)
      for (const rule of fault.rules) expect(getRule(rule), `${fault.name}: ${rule}`).toBeDefined();
  });

  it('spreads over every rule family the suites check', () => {
    const families = [
      'TRN-',
      'TOK-',
      'CNS-',
      'AIS-ACC-',
      'AIS-BAL-',
      'AIS-TRX-',
      'AIS-OTH-',
      'QTA-',
      'CBP-',
      'PIS-',
      'ERR-',
      'VER-',
      'BAD-',
    ];
    for (const family of families) {
      expect(
        faultCatalogue.some((fault) => fault.rules.some((rule) => rule.startsWith(family))),
        family,
      ).toBe(true);
    }
  });

  it('switches each fault at exactly one place of the reference', () => {
    for (const fault of faultCatalogue) {
      const at = switches.filter((s) => s.name === fault.name);
      expect(
        at.map((s) => s.file),
        fault.name,
      ).toHaveLength(1);
    }
  });

  it('has an entry for every fault the code switches on', () => {
    for (const s of switches) expect(findFault(s.name), `${s.file}: ${s.name}`).toBeDefined();
  });
});
