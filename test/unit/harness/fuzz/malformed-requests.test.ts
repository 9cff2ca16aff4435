import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { malformedRequest } from '../../../../harness/fuzz/malformed-requests.ts';
import { versionProfiles } from '../../../../spec/lib/index.ts';

const drawn = fc.sample(malformedRequest, { numRuns: 400, seed: 42 });

describe('malformed requests of the fuzzer', () => {
  it.each(versionProfiles().map((p) => [p.version, p] as const))(
    'build consent bodies over the consent fields of %s, with one field wrong or one field more',
    (version, profile) => {
      const fields: string[] = [...profile.consentFields].sort();
      const wrongType = drawn.filter((r) => r.label.endsWith('of the wrong type'));
      const unknown = drawn.filter((r) => r.label.startsWith('consent with unknown field'));
      const plain = drawn.filter((r) => r.label === 'consent as text/plain');
      expect(wrongType.length * unknown.length * plain.length).toBeGreaterThan(0);
      for (const request of wrongType) {
        const body: unknown = JSON.parse(request.build(version, 'acc').body ?? '');
        expect(Object.keys(body as object).sort()).toEqual(fields);
        expect(Object.values(body as object).filter((v) => v === 'yes')).toHaveLength(1);
      }
      for (const request of unknown) {
        const keys = Object.keys(JSON.parse(request.build(version, 'acc').body ?? '') as object);
        const extra = keys.filter((k) => !fields.includes(k));
        expect(extra).toHaveLength(1);
        expect(
          versionProfiles().some((p) => (p.consentFields as readonly string[]).includes(extra[0] ?? '')),
        ).toBe(false);
      }
      for (const request of plain) {
        const built = request.build(version, 'acc');
        expect(built.contentType).toBe('text/plain');
        expect(Object.keys(JSON.parse(built.body ?? '') as object).sort()).toEqual(fields);
      }
    },
  );
});
