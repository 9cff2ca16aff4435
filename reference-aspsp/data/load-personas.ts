import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { parsePersonaTemplates, type PersonaTemplate } from './persona-template.ts';

let cached: readonly PersonaTemplate[] | undefined;

/** The persona templates of `personas.yaml`, read and checked once. */
export function personaTemplates(): readonly PersonaTemplate[] {
  cached ??= parsePersonaTemplates(parse(readFileSync(join(import.meta.dirname, 'personas.yaml'), 'utf8')));
  return cached;
}

// Stryker disable all: a measuring hook of the mutation session (docs/mutation.md), no request reaches it
/** Forgets the templates read, so the next reader parses `personas.yaml` again (the mutation session). */
export function forgetPersonaTemplates(): void {
  cached = undefined;
}
// Stryker restore all

/** The template named `name`, or undefined. */
export function findPersona(name: string): PersonaTemplate | undefined {
  return personaTemplates().find((persona) => persona.name === name);
}
