import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRun } from '../../../../harness/runner/plan-run.ts';
import { checkFilter, noFilter, parseShard, takeShard } from '../../../../harness/runner/run-filter.ts';
import { parseSuite } from '../../../../harness/suite/load-suite.ts';
import type { Target } from '../../../../harness/targets/target-definition.ts';
import { testTarget } from '../fixtures/target-fixture.ts';
import { isCodedError } from '../../../../lib/coded-error.ts';

const suite = parseSuite(
  'f.yaml',
  `suite: f
title: F
versions: [v1, v1.4.2, v1.6.2]
roles: [aisp]
cases:
  - { id: a, title: A, rules: [AIS-TRX-ONE], tags: [ranges], steps: [{ sandbox: reset }] }
  - { id: b, title: B, rules: [TOK-TWO], versions: [v1.6.2], steps: [{ sandbox: reset }] }
`,
  { has: () => true },
);

const institution = (code: string): Target['institutions'][number] => ({
  code,
  confirmationSegment: 'confirmation',
  fundsConfirmation: true,
  sandbox: true,
  signatureHeaders: [],
});
const target = {
  versions: ['v1', 'v1.4.2', 'v1.6.2'],
  institutions: [institution('10101'), institution('20202')],
} as const satisfies Pick<Target, 'versions' | 'institutions'>;
const fullTarget: Target = testTarget({
  versions: [...target.versions],
  institutions: [...target.institutions],
  capabilities: ['sandbox'],
});

const cells = (filter = noFilter): string[] =>
  planRun([suite], fullTarget, filter).map((c) => `${c.definition.id}@${c.version}/${c.institution.code}`);

describe('planRun', () => {
  it('plans case × version × institution in a stable order', () => {
    expect(cells()).toEqual([
      'a@v1/10101',
      'a@v1/20202',
      'a@v1.4.2/10101',
      'a@v1.4.2/20202',
      'a@v1.6.2/10101',
      'a@v1.6.2/20202',
      'b@v1.6.2/10101',
      'b@v1.6.2/20202',
    ]);
  });

  it('applies rule prefixes, tags, versions and institutions together', () => {
    expect(
      cells({ ...noFilter, rules: ['AIS-TRX-*'], versions: ['v1.6.2'], institutions: ['20202'] }),
    ).toEqual(['a@v1.6.2/20202']);
    expect(cells({ ...noFilter, tags: ['ranges'], versions: ['v1'] })).toEqual(['a@v1/10101', 'a@v1/20202']);
    expect(cells({ ...noFilter, rules: ['TOK-TWO'] })).toEqual(['b@v1.6.2/10101', 'b@v1.6.2/20202']);
    expect(cells({ ...noFilter, suites: ['other'] })).toEqual([]);
  });
});

describe('shards', () => {
  it('partition the planned cells: every cell in exactly one shard', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 50 }),
        fc.integer({ min: 1, max: 8 }),
        (items, count) => {
          const shards = Array.from({ length: count }, (_x, i) => takeShard(items, { index: i + 1, count }));
          expect(shards.flat().sort()).toEqual([...items].sort());
          expect(
            Math.max(...shards.map((s) => s.length)) - Math.min(...shards.map((s) => s.length)),
          ).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('refuses a malformed --shard', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/3', '4/3', '1/0', 'x', '1/']) {
      expect(() => parseShard(bad)).toThrow(expect.objectContaining({ code: 'ERR_SHARD_INVALID' }));
    }
    expect(
      isCodedError(
        catchError(() => parseShard('9/2')),
        'ERR_SHARD_INVALID',
      ),
    ).toBe(true);
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('checkFilter', () => {
  it('accepts ids that exist and refuses the others, listing the valid ones', () => {
    expect(() => checkFilter({ ...noFilter, suites: ['f'], rules: ['AIS-TRX-*'] }, [suite])).not.toThrow();
    expect(() => checkFilter({ ...noFilter, suites: ['nope'] }, [suite])).toThrow(
      /unknown suite nope; valid: f/,
    );
    expect(() => checkFilter({ ...noFilter, cases: ['zzz'] }, [suite])).toThrow(
      /unknown case zzz; valid: f\/a, f\/b/,
    );
    expect(() => checkFilter({ ...noFilter, rules: ['TOK-NOPE'] }, [suite])).toThrow(
      /unknown rule TOK-NOPE; valid: TOK-TWO/,
    );
    expect(() => checkFilter({ ...noFilter, tags: ['nope'] }, [suite])).toThrow(/unknown tag nope/);
  });

  it('checks versions and institutions against the target', () => {
    expect(() => checkFilter({ ...noFilter, versions: ['v9'] }, [suite], target)).toThrow(
      /unknown version v9; valid: v1, v1.4.2, v1.6.2/,
    );
    expect(() => checkFilter({ ...noFilter, institutions: ['99999'] }, [suite], target)).toThrow(
      /unknown institution 99999; valid: 10101, 20202/,
    );
  });

  it('selects by --case and by the cells of an earlier report', () => {
    expect(cells({ ...noFilter, cases: ['f/b'] })).toEqual(['b@v1.6.2/10101', 'b@v1.6.2/20202']);
    expect(cells({ ...noFilter, cells: ['f/a@v1/20202'] })).toEqual(['a@v1/20202']);
  });
});
