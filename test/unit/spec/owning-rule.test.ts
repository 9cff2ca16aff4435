import type { ErrorObject } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { owningRule, schemaRule } from '../../../spec/lib/owning-rule.ts';

const components = {
  Money: {
    'x-rule': 'MONEY',
    'x-closed-rule': 'CLOSED',
    type: 'object',
    properties: { amount: { type: 'string' } },
  },
  Entry: {
    'x-rule': 'ENTRY',
    type: 'object',
    properties: {
      state: { 'x-rule': 'STATE', type: 'string' },
      price: { 'x-rule': 'PRICE', $ref: '#/components/schemas/Money' },
      cost: { $ref: '#/components/schemas/Money' },
    },
    allOf: [
      { if: { properties: { state: { const: 'X' } } }, then: { 'x-rule': 'WHEN-X', required: ['price'] } },
    ],
  },
};
const root = {
  'x-rule': 'LIST',
  type: 'object',
  properties: { entries: { type: 'array', items: { $ref: '#/components/schemas/Entry' } } },
};

function error(
  keyword: string,
  instancePath: string,
  schemaPath: string,
  params: Record<string, unknown> = {},
): ErrorObject {
  return { keyword, instancePath, schemaPath, params };
}

describe('the rule owning a schema error', () => {
  it('is the nearest annotated schema on the way to the field, a property annotation before its target', () => {
    expect(owningRule(root, error('type', '/entries/0/state', '#/properties/state/type'), components)).toBe(
      'STATE',
    );
    expect(
      owningRule(root, error('type', '/entries/0/price/amount', '#/properties/amount/type'), components),
    ).toBe('PRICE');
    expect(
      owningRule(root, error('type', '/entries/0/cost/amount', '#/properties/amount/type'), components),
    ).toBe('MONEY');
    expect(owningRule(root, error('type', '/entries/0/unknown', '#/type'), components)).toBe('ENTRY');
  });

  it('files a missing property under the property, and a field an object does not list under its closed rule', () => {
    expect(
      owningRule(
        root,
        error('required', '/entries/0', '#/required', { missingProperty: 'state' }),
        components,
      ),
    ).toBe('STATE');
    expect(
      owningRule(root, error('required', '', '#/required', { missingProperty: 'entries' }), components),
    ).toBe('LIST');
    expect(
      owningRule(
        root,
        error('additionalProperties', '/entries/0/cost', '#/additionalProperties', {
          additionalProperty: 'x',
        }),
        components,
      ),
    ).toBe('CLOSED');
  });

  it('lets a conditional branch name its own rule', () => {
    expect(
      owningRule(
        root,
        error('required', '/entries/0', '#/allOf/0/then/required', { missingProperty: 'price' }),
        components,
      ),
    ).toBe('WHEN-X');
  });

  it('gives the rule of a schema as a whole, through a reference', () => {
    expect(schemaRule({ $ref: '#/components/schemas/Entry' }, components)).toBe('ENTRY');
    expect(schemaRule({ type: 'string' }, components)).toBeUndefined();
  });
});
