import { describe, expect, it } from 'vitest';
import { forgetGeneratedData } from '../../../../reference-aspsp/data/forget-generated-data.ts';
import { personaTemplates } from '../../../../reference-aspsp/data/load-personas.ts';

describe('forgetGeneratedData (the mutation session hook)', () => {
  it('makes the next reader parse the templates again', () => {
    const before = personaTemplates();
    expect(personaTemplates()).toBe(before);
    forgetGeneratedData();
    const after = personaTemplates();
    expect(after).not.toBe(before);
    expect(after).toEqual(before);
  });
});
