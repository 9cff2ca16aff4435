import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, maxJsonDepth, parseBody } from '../../../../reference-aspsp/server/parse-body.ts';
import { ApiError } from '../../../../reference-aspsp/server/api-error.ts';
import { referenceChoices } from '../../../../reference-aspsp/choices/index.ts';

const json = { 'content-type': 'application/json' };

describe('the JSON nesting bound', () => {
  it('counts arrays and objects, not brackets inside strings or after escaped quotes', () => {
    expect(jsonDepthExceeds('[[{"a":[1]}]]', 4)).toBe(false);
    expect(jsonDepthExceeds('[[{"a":[1]}]]', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"[[[[[[[[\\"[[[["}', 1)).toBe(false);
  });

  it('parses a body at the bound and refuses one level deeper with 400 FF01', () => {
    const at = `${'['.repeat(maxJsonDepth)}${']'.repeat(maxJsonDepth)}`;
    expect(
      parseBody({ kind: 'json', headers: json, raw: Buffer.from(at) }, referenceChoices).body,
    ).toBeInstanceOf(Array);
    let refusal: unknown;
    try {
      parseBody({ kind: 'json', headers: json, raw: Buffer.from(`[${at}]`) }, referenceChoices);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect([(refusal as ApiError).code, (refusal as ApiError).status]).toEqual(['FF01', 400]);
  });
});
