import { describe, expect, it } from 'vitest';
import { getConsent, putConsent, consentsCollection } from '../../../../reference-aspsp/ais/consent-store.ts';
import { noConsent } from '../../../../reference-aspsp/ais/consent.ts';
import { openMemoryStore } from '../../../../reference-aspsp/store/memory-store.ts';
import { storedGuard, storedShape } from '../../../../reference-aspsp/store/stored-shape.ts';

const parsePoint = storedShape<{ x: number; label: string }>({
  type: 'object',
  properties: { x: { type: 'integer' }, label: { type: 'string' } },
  required: ['x', 'label'],
  additionalProperties: false,
});

describe('storedShape', () => {
  it('returns a value that fits the schema, typed', () => {
    const value: unknown = { x: 3, label: 'a' };
    expect(parsePoint(value)).toEqual({ x: 3, label: 'a' });
  });

  it('refuses a value that does not fit, naming every place that does not', () => {
    expect(() => parsePoint({ x: 'three' })).toThrow(
      /\/x must be integer.*\/ must have required property 'label'|\/ must have required property 'label'.*\/x must be integer/,
    );
    expect(() => parsePoint({ x: 1, label: 'a', extra: true })).toThrow(
      /must NOT have additional properties/,
    );
    expect(() => parsePoint(null)).toThrow(/must be object/);
  });
});

describe('storedGuard', () => {
  const isPoint = storedGuard<{ x: number }>({
    type: 'object',
    properties: { x: { type: 'integer' } },
    required: ['x'],
    additionalProperties: false,
  });

  it('says whether a value fits the schema', () => {
    expect(isPoint({ x: 1 })).toBe(true);
    expect(isPoint({ x: 1.5 })).toBe(false);
    expect(isPoint({})).toBe(false);
    expect(isPoint('x')).toBe(false);
  });
});

describe('the consent store', () => {
  const key = { institution: '10101', psuId: 'alice', clientId: 'PSDFR-ACPR-12345' };

  it('reads back the consent it recorded, and nothing for a PSU that never consented', async () => {
    const store = openMemoryStore();
    const consent = { ...noConsent, balances: ['FR7630001007941234567890185'], psuIdentity: true };
    await putConsent(store, key, consent);
    expect(await getConsent(store, key)).toEqual(consent);
    expect(await getConsent(store, { ...key, clientId: 'PSDFR-ACPR-99999' })).toBeUndefined();
  });

  it('refuses a stored consent of another shape with ERR_STORE_VALUE_INVALID rather than reading it as none', async () => {
    const store = openMemoryStore();
    await store.put(consentsCollection, '10101:alice:PSDFR-ACPR-12345', { ...noConsent, owners: 'all' });
    const refused = await getConsent(store, key).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'ERR_STORE_VALUE_INVALID' });
    expect(String(refused)).toContain('/owners must be array');
  });
});
