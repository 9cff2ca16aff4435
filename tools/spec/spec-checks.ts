/**
 * The checks of `npm run spec:check`, each returning the problems it found (empty when fine), so the
 * runner can report them all at once and tests can call them one by one.
 */
import { readFileSync } from 'node:fs';
import { Validator as OpenApiValidator } from '@seriousme/openapi-schema-validator';
import { apiVersions } from '../../spec/lib/versions.ts';
import { openApiDocument } from '../../spec/lib/openapi.ts';
import { schemaValidator } from '../../spec/lib/validators.ts';
import { lookupError } from '../../spec/lib/errors.ts';
import { parseRules } from '../../spec/lib/rules.ts';
import type { Rule } from '../../spec/lib/rules.ts';
import { specPath } from '../../spec/lib/spec-files.ts';
import { parse } from 'yaml';
import { citableSections } from './seed-sections.ts';
import { quoteFound } from './seed-text-file.ts';
import type { SeedSection } from './seed-sections.ts';

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function componentSchemas(version: (typeof apiVersions)[number]): Readonly<Record<string, unknown>> {
  const components = openApiDocument(version)['components'];
  const schemas = isRecord(components) ? components['schemas'] : undefined;
  return isRecord(schemas) ? schemas : {};
}

/** Every document is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator). */
export async function checkOpenApiValid(): Promise<string[]> {
  const problems: string[] = [];
  for (const version of apiVersions) {
    const result = await new OpenApiValidator().validate(structuredClone(openApiDocument(version)));
    if (!result.valid) {
      problems.push(
        `spec/openapi/${version}.yaml is not valid OpenAPI 3.1: ${JSON.stringify(result.errors)}`,
      );
    }
  }
  return problems;
}

/** Every component schema compiles in ajv strict mode and every `examples` entry validates. */
export function checkSchemasAndExamples(): string[] {
  const problems: string[] = [];
  for (const version of apiVersions) {
    for (const [name, schema] of Object.entries(componentSchemas(version))) {
      let validate;
      try {
        validate = schemaValidator(name, version);
      } catch (error) {
        problems.push(
          `${version} schema ${name} does not compile: ${error instanceof Error ? error.message : String(error)}`,
        );
        continue;
      }
      const examples = isRecord(schema) && Array.isArray(schema['examples']) ? schema['examples'] : [];
      examples.forEach((example: unknown, i) => {
        const result = validate(example);
        if (!result.valid) problems.push(`${version} ${name} example ${i}: ${result.errors.join('; ')}`);
      });
    }
  }
  return problems;
}

/**
 * Rule ids are well-formed and unique, every rule has a basis, every section exists in the seed's
 * section list, and every `basis: seed` quote is in the seed's text (`seedText`, normalised).
 */
export function checkRules(sections: readonly SeedSection[], seedText: string): string[] {
  let rules: Rule[];
  try {
    rules = parseRules(parse(readFileSync(specPath('rules.yaml'), 'utf8')), 'spec/rules.yaml');
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  const citable = citableSections(sections);
  const problems: string[] = [];
  for (const rule of rules) {
    if (!citable.has(rule.section))
      problems.push(`rule ${rule.id}: section "${rule.section}" is not in the seed`);
    if (rule.basis.kind === 'seed' && !quoteFound(rule.basis.quote, seedText))
      problems.push(`rule ${rule.id}: quote "${rule.basis.quote}" is not in the seed`);
    if (rule.versions.length === 0) problems.push(`rule ${rule.id}: no version`);
    if (rule.roles.length === 0) problems.push(`rule ${rule.id}: no role`);
  }
  return problems;
}

// Words of those shapes that are not error codes: protocol names and acronyms of the texts, and the
// ISO 20022 purpose codes of the payment examples (DVPM, COMC), which are free strings in the schemas.
const notCodes = new Set([
  'DVPM',
  'COMC',
  'ACPR',
  'AISP',
  'PISP',
  'HTML',
  'HTTP',
  'IBAN',
  'JSON',
  'PKCE',
  'POST',
  'PSD2',
  'QWAC',
  'STET',
  'YAML',
  'YYYY',
  'S256',
  'PSP_AI',
  'PSP_IC',
  'PSP_PI',
  'PSP_AS',
  // The seed's placeholders, quoted by rules.
  'ACCESS_TOKEN',
  'REFRESH_TOKEN',
]);
const codeShapes = [
  /\b[A-Z][A-Z0-9]{3}\b/g, // ISO 20022 style: NGAC, AC01
  /\b[A-Z]{3,}(?:_[A-Z]+)+\b/g, // our reference codes: CERT_MISSING
  /\b(?:invalid|unsupported|unauthorized)_[a-z_]+\b|\baccess_denied\b/g, // RFC 6749
];

function enumValues(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) enumValues(v, out);
  else if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'enum' && Array.isArray(child))
        for (const v of child) if (typeof v === 'string') out.add(v);
      if (key === 'const' && typeof child === 'string') out.add(child);
      enumValues(child, out);
    }
  }
  return out;
}

/**
 * The error-code-shaped words of `text` that are neither in the catalogue, nor API values (`values`:
 * enum and const strings of the documents), nor known acronyms. Rule ids (UPPER-KEBAB) are skipped.
 */
export function uncataloguedCodes(text: string, values: ReadonlySet<string>): string[] {
  const stripped = text.replace(/\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g, ' ');
  const words = new Set(codeShapes.flatMap((shape) => stripped.match(shape) ?? []));
  return [...words].filter((w) => !notCodes.has(w) && !values.has(w) && lookupError(w) === undefined);
}

/**
 * A choice rule's `alternate:` line describes another bank, whose codes and values are deliberately not
 * ours: it is left out of the catalogue check.
 */
function withoutAlternates(text: string): string {
  return text.replace(/^ *alternate: .*$/gm, '');
}

/** Every error-code-shaped word in `spec/` (rules, sources, documents) is in the error catalogue. */
export function checkErrorCodesCatalogued(): string[] {
  const values = new Set<string>();
  for (const version of apiVersions) enumValues(openApiDocument(version), values);
  const files = ['rules.yaml', 'versions.yaml', 'source/document.yaml', 'source/components.yaml'];
  return files.flatMap((file) =>
    uncataloguedCodes(withoutAlternates(readFileSync(specPath(file), 'utf8')), values).map(
      (word) => `spec/${file}: "${word}" looks like an error code but is not in spec/errors.yaml`,
    ),
  );
}
