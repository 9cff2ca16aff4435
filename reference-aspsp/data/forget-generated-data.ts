import { forgetDrafts } from './generate-psu-data.ts';
import { forgetPersonaTemplates } from './load-personas.ts';
import { forgetGeneratedRecords } from './psu-record.ts';

// Stryker disable all: a measuring hook of the mutation session (docs/mutation.md), no request reaches it
/**
 * Forgets every piece of persona data this process keeps (the parsed templates, drafted histories,
 * generated PSU data). The reference generates them once per process and shares them between PSUs
 * and references; the mutation session calls this before each run, so that a mutant of the generator
 * or of the template parser is run by the cases instead of reading data made before it was switched on.
 */
export function forgetGeneratedData(): void {
  forgetPersonaTemplates();
  forgetDrafts();
  forgetGeneratedRecords();
}
// Stryker restore all
