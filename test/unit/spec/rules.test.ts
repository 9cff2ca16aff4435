import { describe, expect, it } from 'vitest';
import { getRule, isWellFormedRuleId, listRules, ruleFamilies } from '../../../spec/lib/index.ts';
import { parseRules } from '../../../spec/lib/rules.ts';
import { citableSections } from '../../../tools/spec/seed-sections.ts';
import { committedSeedSections } from '../../../tools/spec/seed-sections-file.ts';

describe('rule catalogue', () => {
  it('has well over a hundred rules with unique, well-formed ids', () => {
    const ids = listRules().map((r) => r.id);
    expect(ids.length).toBeGreaterThan(150);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !isWellFormedRuleId(id))).toEqual([]);
  });

  it('covers every rule family of the contracts', () => {
    const families = new Set(listRules().map((r) => ruleFamilies.find((f) => r.id.startsWith(`${f}-`))));
    expect([...ruleFamilies].filter((f) => !families.has(f))).toEqual([]);
  });

  it('cites only sections that exist in the seed (committed heading copy)', () => {
    const citable = citableSections(committedSeedSections());
    expect(
      listRules()
        .filter((r) => !citable.has(r.section))
        .map((r) => r.id),
    ).toEqual([]);
  });

  it('finds a rule by id with its section, versions and roles', () => {
    expect(getRule('AIS-TRX-DATETO-EXCLUSIVE')).toEqual({
      id: 'AIS-TRX-DATETO-EXCLUSIVE',
      title: expect.stringContaining('dateTo') as string,
      section: 'Endpoints > Account information > Transaction query parameters',
      versions: ['v1', 'v1.4.2', 'v1.6.2'],
      roles: ['aisp'],
      check: { kind: 'api' },
    });
    expect(getRule('CNS-REQUIRES-OVERDRAFTS')?.versions).toEqual(['v1.6.2']);
    expect(getRule('TRN-MTLS-REQUIRED')?.roles).toEqual(['aisp', 'cbpii', 'pisp']);
    expect(getRule('NOPE-1')).toBeUndefined();
  });

  it('refuses a duplicate id, a malformed id and an unknown version with coded errors', () => {
    const rule = { id: 'TRN-X', title: 't', section: 'Limits', versions: ['v1'], roles: ['aisp'] };
    expect(() => parseRules({ rules: [rule, rule] }, 'r.yaml')).toThrow(/TRN-X is used twice/);
    expect(() => parseRules({ rules: [{ ...rule, id: 'trn-x' }] }, 'r.yaml')).toThrow(/not UPPER-KEBAB/);
    expect(() => parseRules({ rules: [{ ...rule, versions: ['v2'] }] }, 'r.yaml')).toThrow(
      expect.objectContaining({
        code: 'ERR_SPEC_INVALID',
        message: expect.stringContaining('$.rules[0].versions[0]') as string,
      }),
    );
  });

  it('marks the portal announcement as not checkable through the API, with its reason', () => {
    expect(getRule('VER-ANNOUNCED-AT-T0')?.check).toEqual({
      kind: 'manual',
      reason: expect.stringContaining('portal') as string,
    });
    const manual = listRules().filter((r) => r.check.kind === 'manual');
    expect(manual.map((r) => r.id)).toEqual(['VER-ANNOUNCED-AT-T0']);
  });

  it('reads check: manual with a one-line reason and refuses a reason without it', () => {
    const rule = { id: 'VER-X', title: 't', section: 'Versioning', versions: ['v1'], roles: ['aisp'] };
    expect(
      parseRules({ rules: [{ ...rule, check: 'manual', reason: 'on the portal' }] }, 'r.yaml')[0]?.check,
    ).toEqual({ kind: 'manual', reason: 'on the portal' });
    expect(parseRules({ rules: [{ ...rule, check: 'api' }] }, 'r.yaml')[0]?.check).toEqual({ kind: 'api' });
    const refused = (extra: Record<string, unknown>): unknown => {
      try {
        parseRules({ rules: [{ ...rule, ...extra }] }, 'r.yaml');
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refused({ check: 'manual' })).toMatchObject({
      code: 'ERR_SPEC_INVALID',
      message: expect.stringContaining('VER-X is check: manual without a one-line reason') as string,
    });
    expect(refused({ check: 'manual', reason: 'two\nlines' })).toMatchObject({ code: 'ERR_SPEC_INVALID' });
    expect(refused({ reason: 'why' })).toMatchObject({
      code: 'ERR_SPEC_INVALID',
      message: expect.stringContaining('VER-X has a reason but is not check: manual') as string,
    });
    expect(refused({ check: 'by-hand', reason: 'why' })).toMatchObject({
      code: 'ERR_SPEC_INVALID',
      message: expect.stringContaining('$.rules[0].check') as string,
    });
  });
});
