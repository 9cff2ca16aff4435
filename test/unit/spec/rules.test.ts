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
      basis: { kind: 'seed', quote: expect.stringContaining('dateTo') as string },
      severity: 'behaviour',
      liveOnly: false,
      review: { asserts: expect.stringContaining('dateTo') as string, verdict: { kind: 'ok' } },
    });
    expect(getRule('CNS-REQUIRES-OVERDRAFTS')?.versions).toEqual(['v1.6.2']);
    expect(getRule('TRN-MTLS-REQUIRED')?.roles).toEqual(['aisp', 'cbpii', 'pisp']);
    expect(getRule('NOPE-1')).toBeUndefined();
  });

  it('refuses a duplicate id, a malformed id and an unknown version with coded errors', () => {
    const rule = {
      ...{ id: 'TRN-X', title: 't', section: 'Limits', versions: ['v1'], roles: ['aisp'] },
      ...{ basis: 'seed', quote: 'q', severity: 'format' },
    };
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
    expect(manual.map((r) => r.id).sort()).toEqual([
      'TOK-APP-TO-APP',
      'TOK-APP-TO-APP-SEGMENTS',
      'VER-ANNOUNCED-AT-T0',
    ]);
  });

  it('reads check: manual with a one-line reason and refuses a reason without it', () => {
    const rule = {
      ...{ id: 'VER-X', title: 't', section: 'Versioning', versions: ['v1'], roles: ['aisp'] },
      ...{ basis: 'seed', quote: 'q', severity: 'behaviour' },
    };
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

  it('gives every rule a severity and refuses a rule without one or with another word', () => {
    const counts = new Map<string, number>();
    for (const r of listRules()) counts.set(r.severity, (counts.get(r.severity) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(['behaviour', 'format', 'security']);
    expect(getRule('AIS-ACC-NOT-CONSENTED-NGAC')?.severity).toBe('security');
    expect(getRule('ERR-STET-BODY')?.severity).toBe('format');
    const rule = {
      ...{ id: 'CNS-X', title: 't', section: 'Limits', versions: ['v1'], roles: ['aisp'] },
      ...{ basis: 'seed', quote: 'q' },
    };
    expect(() => parseRules({ rules: [rule] }, 'r.yaml')).toThrow(/CNS-X has no severity/);
    expect(() => parseRules({ rules: [{ ...rule, severity: 'critical' }] }, 'r.yaml')).toThrow(
      /\$\.rules\[0\]\.severity/,
    );
    expect(parseRules({ rules: [{ ...rule, severity: 'security' }] }, 'r.yaml')[0]?.severity).toBe(
      'security',
    );
  });

  it('gives every rule a basis: a seed quote, or a choice with a one-line reason', () => {
    const bases = listRules().map((r) => r.basis);
    expect(bases.every((b) => (b.kind === 'seed' ? b.quote.length > 0 : b.reason.length > 0))).toBe(true);
    expect(getRule('TOK-NO-SCOPE-IN-CODE-FORM')?.basis.kind).toBe('choice');
    expect(getRule('TOK-WRONG-SCOPE-BADS')?.basis).toEqual({
      kind: 'seed',
      quote: expect.stringContaining('BADS') as string,
    });
  });

  it('refuses a rule without a basis, a seed without a quote, a choice without a reason or with a quote', () => {
    const rule = {
      ...{ id: 'CNS-X', title: 't', section: 'Limits', versions: ['v1'], roles: ['aisp'] },
      severity: 'security',
    };
    const message = (extra: Record<string, unknown>): string => {
      try {
        parseRules({ rules: [{ ...rule, ...extra }] }, 'r.yaml');
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
      return 'accepted';
    };
    expect(message({})).toContain('CNS-X has no basis');
    expect(message({ basis: 'seed' })).toContain('is basis: seed without a quote');
    expect(message({ basis: 'choice' })).toContain('is basis: choice without a one-line reason');
    expect(message({ basis: 'choice', reason: 'a\nb' })).toContain('without a one-line reason');
    expect(message({ basis: 'choice', reason: 'ours', quote: 'q' })).toContain(
      'is basis: choice but has a quote',
    );
    expect(message({ basis: 'choice', reason: 'ours', alternate: 'theirs', check: 'manual' })).toContain(
      'and check: manual',
    );
    expect(message({ basis: 'seed', quote: 'q', alternate: 'theirs' })).toContain(
      'is basis: seed but has an alternate',
    );
    expect(message({ basis: 'choice', reason: 'ours', alternate: 'a\nb' })).toContain(
      'without a one-line alternate',
    );
    expect(message({ basis: 'choice', reason: 'ours' })).toContain('without a one-line alternate');
    expect(message({ basis: 'maybe', quote: 'q' })).toContain('$.rules[0].basis');
    expect(
      parseRules({ rules: [{ ...rule, basis: 'choice', reason: 'ours', alternate: 'theirs' }] }, 'r.yaml')[0],
    ).toMatchObject({
      basis: { kind: 'choice', reason: 'ours' },
      check: { kind: 'api' },
    });
  });
});
