/**
 * A Stryker ignorer (stryker.config.json `ignorers: ["fault-switch"]`): mutants that only change the
 * reference's fault switches (docs/contracts.md §12) are not mutants of its behaviour.
 *
 * The conformance suites run against a reference with no fault active, where `faults.has(name)` is
 * false. So the call itself (its name), the left side of `A && faults.has(…)` (its value no longer
 * matters), the consequent of `if (… && faults.has(…))` and the first branch of
 * `faults.has(…) ? x : y` are dead code there: every mutant in them is equivalent. Plain JavaScript,
 * because Stryker's worker processes load plugins without a TypeScript loader.
 */
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const reason = 'fault switch: dead code in a reference with no fault active';

/** `faults.has(…)`, `ctx.faults.has(…)`, `services.faults.has(…)`. */
function isFaultCall(node) {
  if (node?.type !== 'CallExpression') return false;
  const callee = node.callee;
  if (callee?.type !== 'MemberExpression' || callee.property?.name !== 'has') return false;
  const object = callee.object;
  return (
    (object?.type === 'Identifier' && object.name === 'faults') ||
    (object?.type === 'MemberExpression' && object.property?.name === 'faults')
  );
}

/** A call of Stryker's instrumentation helpers, `stryMutAct_…(…)` or `stryCov_…(…)`. */
function isStrykerCall(node, prefix) {
  return (
    node?.type === 'CallExpression' &&
    node.callee?.type === 'Identifier' &&
    node.callee.name.startsWith(prefix)
  );
}

/**
 * The original expression inside Stryker's instrumentation. Stryker places an expression's mutants
 * when it leaves that expression, before it enters the next sibling: so the `if` whose consequent is
 * being looked at may already have its test rewritten as
 * `stryMutAct_…("1") ? mutant : (stryCov_…("1"), original)` (a chain of them for several mutants).
 */
function original(node) {
  if (node?.type === 'ConditionalExpression' && isStrykerCall(node.test, 'stryMutAct_'))
    return original(node.alternate);
  if (node?.type === 'SequenceExpression' && isStrykerCall(node.expressions[0], 'stryCov_'))
    return original(node.expressions.at(-1));
  if (node?.type === 'ParenthesizedExpression') return original(node.expression);
  return node;
}

/** An expression that is false whenever no fault is active: a fault call, or `… && <that>`. */
function isFalseWithoutFaults(instrumented) {
  const node = original(instrumented);
  if (isFaultCall(node)) return true;
  return (
    node?.type === 'LogicalExpression' &&
    node.operator === '&&' &&
    (isFalseWithoutFaults(node.left) || isFalseWithoutFaults(node.right))
  );
}

export const faultSwitchIgnorer = {
  shouldIgnore(path) {
    const { node, parent, key } = path;
    if (isFaultCall(node)) return reason;
    if (parent?.type === 'LogicalExpression' && parent.operator === '&&' && key === 'left')
      return isFalseWithoutFaults(parent.right) ? reason : undefined;
    if (parent?.type === 'IfStatement' && key === 'consequent')
      return isFalseWithoutFaults(parent.test) ? reason : undefined;
    if (parent?.type === 'ConditionalExpression' && key === 'consequent')
      return isFalseWithoutFaults(parent.test) ? reason : undefined;
    return undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'fault-switch', faultSwitchIgnorer)];
