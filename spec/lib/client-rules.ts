/**
 * The client rules of `spec/client-rules.yaml`: what the reference bank judges of a TPP's client from
 * the requests it receives, each with the seed sentence it comes from (schema
 * `spec/client-rules.schema.json`).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { readSpecJson, readSpecYaml } from './spec-files.ts';
import { SpecError } from './spec-error.ts';

/** `seed`: the quoted sentence says it; `choice`: the seed is silent and the reference chose (advisory). */
export type ClientRuleBasis = 'seed' | 'choice';

/** One rule a TPP's client must follow. */
export interface ClientRule {
  /** Stable `CLT-` id, never reused. */
  readonly id: string;
  readonly title: string;
  /** Seed section path, as in `spec/rules.yaml`. */
  readonly section: string;
  /** The seed sentence the rule comes from, verbatim. */
  readonly quote: string;
  readonly basis: ClientRuleBasis;
  /** How the verdict is reached from the recorded requests, in one sentence. */
  readonly judged: string;
}

const FILE = 'client-rules.yaml';
let validator: ValidateFunction | undefined;
let cached: readonly ClientRule[] | undefined;

function toClientRule(value: unknown): ClientRule | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const fields = new Map<string, unknown>(Object.entries(value));
  const text = (name: string): string => {
    const field = fields.get(name);
    return typeof field === 'string' ? field : '';
  };
  const basis = fields.get('basis');
  if (basis !== 'seed' && basis !== 'choice') return undefined;
  return {
    id: text('id'),
    title: text('title'),
    section: text('section'),
    quote: text('quote'),
    basis,
    judged: text('judged'),
  };
}

/**
 * Parses the client rules file's content (validated against its schema); ids must be unique.
 * Throws {@link SpecError} `ERR_SPEC_INVALID` naming the file and the first problems.
 */
export function parseClientRules(value: unknown, file = `spec/${FILE}`): ClientRule[] {
  if (validator === undefined) {
    const schema = readSpecJson('client-rules.schema.json');
    if (typeof schema !== 'object' || schema === null)
      throw new TypeError('client rules schema is not an object');
    validator = new Ajv2020({ strict: true, allErrors: true }).compile(schema);
  }
  const invalid = (message: string): SpecError =>
    new SpecError('ERR_SPEC_INVALID', `${file}: ${message}`, {
      hint: 'Fix the file, then run `npm run spec:check`.',
    });
  if (!validator(value)) {
    const errors = (validator.errors ?? []).slice(0, 5);
    throw invalid(errors.map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`).join('; '));
  }
  const list: [string, unknown][] = typeof value === 'object' && value !== null ? Object.entries(value) : [];
  const items: unknown = list.find(([key]) => key === 'rules')?.[1];
  const rules = (Array.isArray(items) ? items : []).flatMap((item: unknown) => toClientRule(item) ?? []);
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.id)) throw invalid(`rule id ${rule.id} is used twice`);
    seen.add(rule.id);
  }
  return rules;
}

/** Every client rule, in file order; parsed once and cached. */
export function listClientRules(): readonly ClientRule[] {
  cached ??= Object.freeze(parseClientRules(readSpecYaml(FILE)));
  return cached;
}
