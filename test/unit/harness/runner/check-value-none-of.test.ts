import { describe, expect, it } from 'vitest';
import { checkOne, checkValues } from '../../../../harness/runner/check-value.ts';

const page1 = ['t1', 't2', 't3', 't4', 't5', 't6'];
// `{{page1Ids}}` stands for a list an earlier capture (all: true) holds.
const expectedOf = (value: unknown): unknown => (value === '{{page1Ids}}' ? page1 : value);

describe('noneOf', () => {
  it('holds for a value that is none of the list a capture holds', () => {
    expect(checkOne('$.transactions[0].resourceId', 't7', { noneOf: '{{page1Ids}}' }, expectedOf)).toEqual(
      [],
    );
  });

  it('fails a value of the list, naming it, whatever its place in the list', () => {
    const failures = checkOne('$.transactions[0].resourceId', 't6', { noneOf: '{{page1Ids}}' }, expectedOf);
    expect(failures.map((f) => f.message)).toEqual([
      '$.transactions[0].resourceId is one of the excluded values',
    ]);
    expect(failures[0]?.expected).toEqual({ noneOf: '6 values, t6 among them' });
  });

  it('takes a list written in the suite, numbers and their strings alike', () => {
    expect(checkOne('$.x', '2', { noneOf: [1, 2] }, (v) => v)).toHaveLength(1);
    expect(checkOne('$.x', '3', { noneOf: [1, 2] }, (v) => v)).toEqual([]);
  });

  it('is a value operator: a missing value fails it', () => {
    expect(checkValues('$.x', [], { noneOf: [1] }, (v) => v).map((f) => f.message)).toEqual([
      '$.x is missing',
    ]);
  });
});
