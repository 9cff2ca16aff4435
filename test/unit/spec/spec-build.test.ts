import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../../tools/spec/build-openapi.ts';
import { buildTypes } from '../../../tools/spec/build-types.ts';
import { resolveVersion } from '../../../tools/spec/resolve-versions.ts';
import { checkErrorCodesCatalogued, uncataloguedCodes } from '../../../tools/spec/spec-checks.ts';

const source = {
  type: 'object',
  required: ['a', 'b'],
  properties: {
    a: { type: 'string' },
    b: { 'x-versions': ['v1.6.2'], type: 'string' },
    c: { description: 'kind', 'x-by-version': { v1: { enum: ['X'] }, default: { enum: ['X', 'Y'] } } },
  },
  paths: { '/stet/psd2/<version>/accounts': { summary: 'in <version>' } },
};

describe('version markers', () => {
  it('drops a property of other versions, and from required too', () => {
    expect(resolveVersion(source, 'v1.4.2')).toMatchObject({
      required: ['a'],
      properties: { a: { type: 'string' }, c: { description: 'kind', enum: ['X', 'Y'] } },
    });
    expect(resolveVersion(source, 'v1.4.2')).not.toHaveProperty('properties.b');
  });

  it('keeps the property of its version, without the marker, and picks the version variant', () => {
    const v162 = resolveVersion(source, 'v1.6.2');
    expect(v162).toMatchObject({ required: ['a', 'b'], properties: { b: { type: 'string' } } });
    expect(v162).not.toHaveProperty(['properties', 'b', 'x-versions']);
    expect(resolveVersion(source, 'v1')).toMatchObject({ properties: { c: { enum: ['X'] } } });
  });

  it('writes the version into paths and texts', () => {
    expect(resolveVersion(source, 'v1')).toMatchObject({
      paths: { '/stet/psd2/v1/accounts': { summary: 'in v1' } },
    });
  });

  it('makes the superset keep every property, optional unless in every version, variants as anyOf', () => {
    expect(resolveVersion(source, 'superset')).toMatchObject({
      required: ['a'],
      properties: { b: { type: 'string' }, c: { anyOf: [{ enum: ['X'] }, { enum: ['X', 'Y'] }] } },
    });
  });
});

describe('generated files and code references', () => {
  it('regenerating the documents and the types changes nothing', async () => {
    expect([...(await buildOpenApi(true)), ...(await buildTypes(true))]).toEqual([]);
  });

  it('finds no error code in spec/ outside the catalogue', () => {
    expect(checkErrorCodesCatalogued()).toEqual([]);
  });

  it('flags an unknown code but not rule ids, API values or catalogued codes', () => {
    const text =
      'AIS-TRX-IPGN answers NGCA (typo of NGAC), invalid_thing, TQMR, BOOK, HOST_GONE and invalid_grant';
    expect(uncataloguedCodes(text, new Set(['BOOK']))).toEqual(['NGCA', 'HOST_GONE', 'invalid_thing']);
  });
});
