import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateExpectations } from '../../../harness/runner/expectations.ts';
import { choiceOnly } from '../../../harness/runner/rule-basis.ts';
import { stepAssertions } from '../../../harness/suite/check-suite.ts';
import { expandIncludes } from '../../../harness/suite/expand-includes.ts';
import {
  assertionRules,
  kindRule,
  resolveAssertionRule,
  type Assertion,
} from '../../../harness/suite/expectation-rules.ts';
import { fileFragmentLibrary } from '../../../harness/suite/fragment-library.ts';
import { loadSuites, specRuleCatalogue } from '../../../harness/index.ts';
import type { CaseDefinition, StepDefinition } from '../../../harness/suite/suite-definition.ts';
import type { RawCase, RawStep, RawSuite } from '../../../harness/suite/suite-schema.generated.ts';
import { readYamlSource } from '../../../harness/suite/yaml-source.ts';
import { getRule } from '../../../spec/lib/index.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const basisOf = (id: string): 'seed' | 'choice' | undefined => getRule(id)?.basis.kind;

function suiteFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name !== '_shared')
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? suiteFiles(path) : name.endsWith('.yaml') ? [path] : [];
    });
}

/** A step as written (fragments expanded) beside the step the runner runs, with its case. */
interface StepPair {
  where: string;
  raw: RawStep;
  step: StepDefinition;
  inherited: readonly string[] | undefined;
  definition: CaseDefinition;
}

function stepPairs(): StepPair[] {
  const fragments = fileFragmentLibrary(root);
  const loaded = new Map(loadSuites([join(root, 'suites')], specRuleCatalogue).map((s) => [s.file, s]));
  const pairs: StepPair[] = [];
  for (const file of suiteFiles(join(root, 'suites'))) {
    const parsed = readYamlSource(file, file);
    if (!parsed.ok) throw new Error(`${file} does not parse`);
    const expanded = expandIncludes(parsed.source.value as RawSuite, parsed.source, fragments);
    if (!expanded.ok) throw new Error(`${file}: ${expanded.problems[0]?.message ?? ''}`);
    const suite = [...loaded.values()].find((s) => s.file.endsWith(file.slice(root.length)));
    if (suite === undefined) throw new Error(`${file} was not loaded`);
    expanded.suite.cases.forEach((rawCase: RawCase, c) => {
      const definition = suite.cases[c];
      if (definition === undefined) throw new Error(`${file}: case ${c} missing`);
      const visit = (
        raws: readonly RawStep[],
        steps: readonly StepDefinition[],
        inherited: readonly string[] | undefined,
      ): void =>
        raws.forEach((raw, i) => {
          const step = steps[i];
          if (step === undefined) throw new Error(`${definition.id}: step ${i} missing`);
          if (step.action.kind === 'repeat' && raw.repeat !== undefined)
            visit(raw.repeat.steps, step.action.steps, raw.rules ?? inherited);
          else pairs.push({ where: step.at, raw, step, inherited: raw.rules ?? inherited, definition });
        });
      visit(rawCase.steps, definition.steps, undefined);
    });
  }
  return pairs;
}

const pairs = stepPairs();
const everyAssertion = pairs.flatMap((pair) =>
  stepAssertions(pair.raw).map(([path, assertion]) => ({ ...pair, path, assertion })),
);

/** Assertions about what the seed does not show: their kind, not the step, names their rule. */
function isChoiceKind(assertion: Assertion): boolean {
  if (kindRule(assertion) !== undefined) return true;
  const path = 'path' in assertion ? assertion.path : undefined;
  return path !== undefined && /^\$\.(status|message|timestamp|path|error_description|problem)\b/.test(path);
}

describe('one rule per assertion, over every suite', () => {
  it('finds assertions in every suite (the walk itself works)', () => {
    expect(pairs.length).toBeGreaterThan(1000);
    expect(everyAssertion.length).toBeGreaterThan(2000);
  });

  it('resolves every assertion to exactly one rule of spec/rules.yaml', () => {
    const unresolved = everyAssertion.flatMap(({ where, path, assertion, inherited, definition }) => {
      const resolved = resolveAssertionRule(
        assertion,
        { stepRules: inherited, caseRules: definition.rules },
        basisOf,
      );
      if (!resolved.ok) return [`${where} ${path}: ${resolved.problem}`];
      return getRule(resolved.rule) === undefined ? [`${where} ${path}: unknown rule ${resolved.rule}`] : [];
    });
    expect(unresolved).toEqual([]);
  });

  it('never judges an assertion of something the seed does not show by a seed rule', () => {
    const seedJudged = everyAssertion.flatMap(({ where, path, assertion, inherited, definition }) => {
      if (!isChoiceKind(assertion) || assertion.rule !== undefined) return [];
      const resolved = resolveAssertionRule(
        assertion,
        { stepRules: inherited, caseRules: definition.rules },
        basisOf,
      );
      return resolved.ok && basisOf(resolved.rule) === 'seed' ? [`${where} ${path} → ${resolved.rule}`] : [];
    });
    expect(seedJudged).toEqual([]);
  });

  it('judges a miss of each status, error and schema assertion by its own rule alone, as the loader resolved it', () => {
    const mismatches: string[] = [];
    for (const { where, raw, step, inherited, definition } of pairs) {
      const expect_ = step.expect;
      // As the runner does: a repeat's steps inherit its rules.
      const ruleOf = assertionRules({ stepRules: inherited, caseRules: definition.rules }, basisOf);
      const resolvedOf = (assertion: Assertion): string | undefined => {
        const resolved = resolveAssertionRule(
          assertion,
          { stepRules: inherited, caseRules: definition.rules },
          basisOf,
        );
        return resolved.ok ? resolved.rule : undefined;
      };
      const misses = evaluateExpectations(
        { ...expect_, headers: {}, json: [], every: [], links: [], text: undefined, pageFields: undefined },
        // 599 is never expected, a body without any code, and a schema that never holds.
        { status: 599, headers: {}, body: {}, text: '{}' },
        {
          version: definition.versions[0] ?? 'v1.6.2',
          schemas: () => () => ({ valid: false, errors: ['not this shape'] }),
          expectedOf: (value) => value,
          ruleOf,
        },
      );
      const expected = [
        ...(expect_.status === undefined
          ? []
          : [resolvedOf({ kind: 'status', rule: raw.expect?.rules?.status })]),
        ...(expect_.error === undefined
          ? []
          : [resolvedOf({ kind: 'error', code: expect_.error, rule: raw.expect?.rules?.error })]),
        ...(expect_.schema === undefined
          ? []
          : [resolvedOf({ kind: 'schema', schema: expect_.schema, rule: raw.expect?.rules?.schema })]),
      ];
      const judged = misses.map((miss) => miss.rules?.[0]);
      if (JSON.stringify(judged) !== JSON.stringify(expected))
        mismatches.push(`${where}: judged by ${judged.join(', ')}, resolved ${expected.join(', ')}`);
      for (const [i, miss] of misses.entries()) {
        const rule = miss.rules?.[0] ?? '';
        if (miss.rules?.length !== 1 || choiceOnly([rule]) !== (basisOf(rule) === 'choice'))
          mismatches.push(`${where}: miss ${i} judged by ${miss.rules?.join(', ') ?? 'no rule'}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
