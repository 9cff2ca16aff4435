import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  choiceFamilies,
  choiceRuleIds,
  isChoiceBank,
  referenceChoices,
  resolveChoices,
  type ChoiceRuleId,
} from '../../../../reference-aspsp/choices/index.ts';
import { getRule, listRules } from '../../../../spec/lib/index.ts';

const root = fileURLToPath(new URL('../../../../reference-aspsp/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every rule id read with `choices.of('…')` (or `.of('…')` of the choices) outside choices/ itself. */
const applied = new Set(
  sources(root)
    .filter((file) => !relative(root, file).startsWith('choices'))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\.of\(\s*'([A-Z0-9-]+)'\s*\)/g)].map((m) => m[1]),
    ),
);

const choiceRules = listRules().filter((rule) => rule.basis.kind === 'choice');

function isRuleId(id: string): id is ChoiceRuleId {
  return choiceRuleIds.includes(id);
}

describe('the table of choices', () => {
  it('has an entry, both behaviours, for every basis: choice rule of spec/rules.yaml', () => {
    expect(choiceRules.length).toBeGreaterThan(90);
    expect(choiceRules.map((rule) => rule.id).filter((id) => !choiceRuleIds.includes(id))).toEqual([]);
  });

  it('names only choice rules', () => {
    expect(choiceRuleIds.filter((id) => getRule(id)?.basis.kind !== 'choice')).toEqual([]);
  });

  it('declares each rule in one family only', () => {
    const declared = choiceFamilies.flatMap((family) => Object.keys(family));
    expect(declared.length).toBe(new Set(declared).size);
    expect(declared.length).toBe(choiceRuleIds.length);
  });

  it('gives the alternate bank another behaviour than the reference for every rule', () => {
    const alternate = resolveChoices('alternate');
    const same = choiceRuleIds.filter(isRuleId).filter((id) => alternate.of(id) === referenceChoices.of(id));
    expect(same).toEqual([]);
  });

  it('resolves each bank to its own side of every entry', () => {
    for (const family of choiceFamilies)
      for (const [id, entry] of Object.entries(family)) {
        if (!isRuleId(id)) throw new Error(`${id} is not in the table`);
        expect(resolveChoices('reference').of(id)).toBe(entry.reference);
        expect(resolveChoices('alternate').of(id)).toBe(entry.alternate);
      }
    expect([resolveChoices('alternate').bank, referenceChoices.bank]).toEqual(['alternate', 'reference']);
  });

  it('is read where the behaviour happens: every rule by choices.of outside choices/', () => {
    expect(choiceRuleIds.filter((id) => !applied.has(id))).toEqual([]);
  });

  it('knows the two banks --choices names, and no other', () => {
    expect(['reference', 'alternate', 'Alternate', 'strict', ''].map(isChoiceBank)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
