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
});
