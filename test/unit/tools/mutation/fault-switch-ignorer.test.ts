import { describe, expect, it } from 'vitest';
import { faultSwitchIgnorer } from '../../../../tools/mutation/fault-switch-ignorer.mjs';

// Babel-shaped nodes, as Stryker's instrumenter hands them to an ignorer.
const id = (name: string): object => ({ type: 'Identifier', name });
const faultCall = (object: object = id('faults')): object => ({
  type: 'CallExpression',
  callee: { type: 'MemberExpression', object, property: id('has') },
  arguments: [{ type: 'StringLiteral', value: 'some-fault' }],
});
const ctxFaults = { type: 'MemberExpression', object: id('ctx'), property: id('faults') };
const and = (left: object, right: object): object => ({
  type: 'LogicalExpression',
  operator: '&&',
  left,
  right,
});
const not = (argument: object): object => ({ type: 'UnaryExpression', operator: '!', argument });
const ignored = (node: object, parent?: object, key?: string): string | undefined =>
  faultSwitchIgnorer.shouldIgnore({ node, parent, key });

describe('fault switch ignorer', () => {
  it('ignores the fault calls themselves, on faults and on ctx.faults', () => {
    expect(ignored(faultCall())).toMatch(/fault switch/);
    expect(ignored(faultCall(ctxFaults))).toMatch(/fault switch/);
    expect(ignored(faultCall(id('options')))).toBeUndefined();
  });

  it('ignores the left side of `A && faults.has(…)` but not of `A && !faults.has(…)`', () => {
    const left = id('a');
    expect(ignored(left, and(left, faultCall()), 'left')).toMatch(/fault switch/);
    expect(ignored(left, and(left, not(faultCall())), 'left')).toBeUndefined();
  });

  it('ignores the branch only a fault reaches, never the other one', () => {
    const branch = { type: 'ReturnStatement' };
    const ifFault = { type: 'IfStatement', test: and(id('a'), faultCall()), consequent: branch };
    expect(ignored(branch, ifFault, 'consequent')).toMatch(/fault switch/);
    expect(ignored(branch, { ...ifFault, test: not(faultCall()) }, 'consequent')).toBeUndefined();
    const ternary = {
      type: 'ConditionalExpression',
      test: faultCall(),
      consequent: id('x'),
      alternate: id('y'),
    };
    expect(ignored(id('x'), ternary, 'consequent')).toMatch(/fault switch/);
    expect(ignored(id('y'), ternary, 'alternate')).toBeUndefined();
  });

  it('sees the test of an `if` through the mutants Stryker placed in it before the branch', () => {
    const call = (name: string, n: string): object => ({
      type: 'CallExpression',
      callee: id(name),
      arguments: [{ type: 'StringLiteral', value: n }],
    });
    // `stryMutAct_9fa48("2") ? false : stryMutAct_9fa48("1") ? a || f : (stryCov_9fa48("1", "2"), a && f)`
    const placed = (test: object): object => ({
      type: 'ConditionalExpression',
      test: call('stryMutAct_9fa48', '2'),
      consequent: { type: 'BooleanLiteral', value: false },
      alternate: {
        type: 'ConditionalExpression',
        test: call('stryMutAct_9fa48', '1'),
        consequent: { ...(test as Record<string, unknown>), operator: '||' },
        alternate: { type: 'SequenceExpression', expressions: [call('stryCov_9fa48', '1'), test] },
      },
    });
    const branch = { type: 'BlockStatement' };
    const ifOf = (test: object): object => ({ type: 'IfStatement', test: placed(test), consequent: branch });
    expect(ignored(branch, ifOf(and(id('a'), faultCall())), 'consequent')).toMatch(/fault switch/);
    expect(ignored(branch, ifOf(and(id('a'), id('b'))), 'consequent')).toBeUndefined();
    // A conditional of the code itself is not Stryker's: its alternate is not the test.
    const own = { type: 'ConditionalExpression', test: id('c'), consequent: id('d'), alternate: faultCall() };
    expect(
      ignored(branch, { type: 'IfStatement', test: own, consequent: branch }, 'consequent'),
    ).toBeUndefined();
  });
});
