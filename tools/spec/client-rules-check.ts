/**
 * The spec check of `spec/client-rules.yaml`: the file parses against its schema with unique ids,
 * every section exists in the seed, and every quoted sentence is found in the seed's text.
 */
import { parseClientRules, type ClientRule } from '../../spec/lib/client-rules.ts';
import { readSpecYaml } from '../../spec/lib/spec-files.ts';
import { citableSections, type SeedSection } from './seed-sections.ts';

/** Whitespace runs as one space, so a quote may wrap differently from the seed's lines. */
function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The problems of the client rules (empty when fine). `seed` is the seed's text, or undefined on a
 * clean clone without it (quotes are then not checked; sections are, against the committed copy).
 */
export function checkClientRules(sections: readonly SeedSection[], seed: string | undefined): string[] {
  let rules: ClientRule[];
  try {
    rules = parseClientRules(readSpecYaml('client-rules.yaml'));
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
  const citable = citableSections(sections);
  const text = seed === undefined ? undefined : normalise(seed);
  const problems: string[] = [];
  for (const rule of rules) {
    if (!citable.has(rule.section))
      problems.push(`client rule ${rule.id}: section "${rule.section}" is not in the seed`);
    if (text !== undefined && !text.includes(normalise(rule.quote)))
      problems.push(`client rule ${rule.id}: the quote is not in the seed: "${rule.quote}"`);
  }
  return problems;
}
