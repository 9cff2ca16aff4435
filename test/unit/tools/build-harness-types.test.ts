import { describe, expect, it } from 'vitest';
import { apiVersions } from '../../../spec/lib/index.ts';
import { buildHarnessTypes, schemaTypes, type SchemaNode } from '../../../tools/spec/build-harness-types.ts';

const demo: SchemaNode = {
  description: 'A demo file.',
  type: 'object',
  additionalProperties: false,
  required: ['name', 'steps'],
  properties: {
    name: { type: 'string', description: 'Its name.' },
    steps: { type: 'array', items: { $ref: '#/definitions/step' } },
    labels: { type: 'object', additionalProperties: { type: 'string' } },
    'odd-key': { const: true },
  },
  definitions: {
    step: {
      type: 'object',
      additionalProperties: false,
      oneOf: [{ required: ['go'] }, { required: ['wait'] }],
      properties: {
        go: { $ref: 'other.schema.json#/definitions/target' },
        wait: { type: ['integer', 'string'] },
      },
    },
    mode: { oneOf: [{ enum: ['fast', 'slow'] }, { type: 'object', properties: { custom: {} } }] },
  },
};

const other: SchemaNode = { type: 'object', definitions: { target: { enum: ['home', 'away'] } } };

function typesOf(schema: SchemaNode): string {
  return schemaTypes([
    { source: { file: 'x/demo.schema.json', root: 'DemoFile', prefix: 'Demo' }, schema },
    { source: { file: 'x/other.schema.json', root: 'OtherFile', prefix: 'Other' }, schema: other },
  ]);
}

describe('the types generated from the harness schemas', () => {
  it("types the enum of API versions as spec/lib's ApiVersion, imported, and any other enum by its values", () => {
    const schema: SchemaNode = {
      type: 'object',
      properties: { version: { enum: [...apiVersions] }, some: { enum: apiVersions.slice(1) } },
    };
    const text = schemaTypes(
      [{ source: { file: 'harness/x/v.schema.json', root: 'V', prefix: 'V' }, schema }],
      'harness/x/v-schema.generated.ts',
    );
    expect(text).toContain("import type { ApiVersion } from '../../spec/lib/index.ts';");
    expect(text).toContain('version?: ApiVersion;');
    expect(text).toContain(
      `some?: ${apiVersions
        .slice(1)
        .map((v) => JSON.stringify(v))
        .join(' | ')};`,
    );
    expect(typesOf(demo)).not.toContain('ApiVersion');
  });

  it('writes one type per definition, required and optional keys, unions and records', () => {
    const text = typesOf(demo);
    expect(text).toContain('/** A demo file. */\nexport type DemoFile = {');
    expect(text).toContain('  /** Its name. */\n  name: string;');
    expect(text).toContain('  steps: Array<DemoStep>;');
    expect(text).toContain('  labels?: {\n    [key: string]: string;\n  };');
    expect(text).toContain('  "odd-key"?: true;');
    // A oneOf of required keys only says which key a step has, not its type.
    expect(text).toContain('export type DemoStep = {\n  go?: OtherTarget;\n  wait?: number | string;\n};');
    expect(text).toContain(
      "export type DemoMode = 'fast' | 'slow' | {\n  custom?: unknown;\n};".replace(/'/g, '"'),
    );
    expect(text).toContain('export type OtherTarget = "home" | "away";');
  });

  it('follows a change of the schema (a key made required)', () => {
    const changed: SchemaNode = { ...demo, required: ['name', 'steps', 'labels'] };
    expect(typesOf(changed)).toContain('  labels: {');
    expect(typesOf(demo)).not.toContain('  labels: {');
  });

  it("writes a closed object repeating another one's properties as that type plus its own", () => {
    const check: SchemaNode = { type: 'object', additionalProperties: false, properties: { equals: {} } };
    const pathCheck: SchemaNode = {
      type: 'object',
      additionalProperties: false,
      required: ['path'],
      properties: { path: { type: 'string' }, equals: {} },
    };
    const text = typesOf({ type: 'object', definitions: { check, pathCheck } });
    expect(text).toContain('export type DemoPathCheck = DemoCheck & {\n  path: string;\n};');
    const different = { ...pathCheck, properties: { path: { type: 'string' }, equals: { type: 'string' } } };
    expect(typesOf({ type: 'object', definitions: { check, pathCheck: different } })).toContain(
      'export type DemoPathCheck = {\n  path: string;\n  equals?: string;\n};',
    );
  });

  it('refuses a $ref it cannot resolve', () => {
    expect(() => typesOf({ ...demo, properties: { x: { $ref: '#/definitions/nowhere' } } })).toThrow(
      'unresolved $ref demo.schema.json#/definitions/nowhere',
    );
  });

  it('has every generated file of the harness up to date with its schema', async () => {
    expect(await buildHarnessTypes(true)).toEqual([]);
  });
});
