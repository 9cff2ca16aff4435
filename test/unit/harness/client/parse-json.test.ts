import { describe, expect, it } from 'vitest';
import { parseJson } from '../../../../harness/client/parse-json.ts';

describe('parseJson', () => {
  it('parses a JSON object or array, leading white space allowed', () => {
    expect(parseJson(' {"message":"NGAC"}')).toEqual({ message: 'NGAC' });
    expect(parseJson('[1,2]')).toEqual([1, 2]);
  });

  it('gives undefined for a page, an empty body, a bare scalar or broken JSON instead of throwing', () => {
    expect(parseJson('<html></html>')).toBeUndefined();
    expect(parseJson('')).toBeUndefined();
    expect(parseJson('42')).toBeUndefined();
    expect(parseJson('{"message":')).toBeUndefined();
  });
});
