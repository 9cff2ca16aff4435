import { describe, expect, it } from 'vitest';
import { caughtErrorIgnorer } from '../../../../tools/mutation/caught-error-ignorer.mjs';

// Babel-shaped paths, as Stryker's instrumenter hands them to an ignorer.
const message = { type: 'StringLiteral', value: 'unexpected end of input (tag)' };
const newError = (name: string): object => ({
  type: 'NewExpression',
  callee: { type: 'Identifier', name },
  arguments: [message],
});
const ignored = (parent: object, listKey: string | undefined, key: number | string): string | undefined =>
  caughtErrorIgnorer.shouldIgnore({ node: message, parent, listKey, key });

describe('caught error message ignorer', () => {
  it('ignores the message of an error the bank always catches', () => {
    expect(ignored(newError('DerError'), 'arguments', 0)).toMatch(/^unobservable: .*FF01/);
  });

  it('keeps the message of any other error, which may reach a response', () => {
    expect(ignored(newError('ApiError'), 'arguments', 0)).toBeUndefined();
    expect(ignored(newError('SignatureHeaderError'), 'arguments', 0)).toBeUndefined();
  });

  it('keeps the other arguments and the callee of a listed error', () => {
    expect(ignored(newError('DerError'), 'arguments', 1)).toBeUndefined();
    expect(ignored(newError('DerError'), undefined, 'callee')).toBeUndefined();
    expect(
      ignored({ type: 'CallExpression', callee: { type: 'Identifier', name: 'DerError' } }, 'arguments', 0),
    ).toBeUndefined();
  });

  it('ignores the field name a DER reader function only puts in a DerError message', () => {
    const call = (name: string): object => ({
      type: 'CallExpression',
      callee: { type: 'Identifier', name },
      arguments: [],
    });
    expect(ignored(call('expectTag'), 'arguments', 2)).toMatch(/^unobservable: .*DerError/);
    expect(ignored(call('decodeString'), 'arguments', 1)).toMatch(/^unobservable/);
    expect(ignored(call('parseTime'), 'arguments', 1)).toMatch(/^unobservable/);
    // The record and the tag it checks are what the bank reads: kept.
    expect(ignored(call('expectTag'), 'arguments', 0)).toBeUndefined();
    expect(ignored(call('expectTag'), 'arguments', 1)).toBeUndefined();
    expect(ignored(call('decodeString'), 'arguments', 0)).toBeUndefined();
    // Another function's arguments, and a `new` of a function of that name, are kept.
    expect(ignored(call('readChildren'), 'arguments', 2)).toBeUndefined();
    expect(ignored({ ...call('expectTag'), type: 'NewExpression' }, 'arguments', 2)).toBeUndefined();
  });
});
