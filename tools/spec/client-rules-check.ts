/**
 * The spec check of `spec/client-rules.yaml`: the file parses against its schema with unique ids,
 * every section exists in the seed, and every quoted sentence is found in the seed's text.
 */
import { parseClientRules, type ClientRule } from '../../spec/lib/client-rules.ts';
import { readSpecYaml } from '../../spec/lib/spec-files.ts';
import { citableSections, type SeedSection } from './seed-sections.ts';
import { quoteFound } from './seed-text-file.ts';

/**
 * The problems of the client rules (empty when fine). `seedText` is the seed's text normalised
 * (`normaliseSeedText`), from the seed or, on a clean clone, from the committed copy `spec/seed-text.json`.
 */
export function checkClientRules(sections: readonly SeedSection[], seedText: string): string[] {
  let rules: ClientRule[];
  try {
    rules = parseClientRules(readSpecYaml('client-rules.yaml'));
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  const citable = citableSections(sections);
  const problems: string[] = [];
  for (const rule of rules) {
    if (!citable.has(rule.section))
      problems.push(`client rule ${rule.id}: section "${rule.section}" is not in the seed`);
    if (!quoteFound(rule.quote, seedText))
      problems.push(`client rule ${rule.id}: the quote is not in the seed: "${rule.quote}"`);
  }
  return problems;
}
