/**
 * Persona data of the reference bank: templates, deterministic generation, the PSU directory and the
 * per-PSU data records other domains read (ais, cbpii, pisp, the identification page).
 */
export { seedPersonas, templateIdentifier } from './seed-personas.ts';
export { personaIdentities, type PersonaIdentity } from './persona-identities.ts';
export { createPsu, type CreatedPsu } from './create-psu.ts';
export { personaTemplates, findPersona } from './load-personas.ts';
export type { PersonaTemplate, AccountTemplate, CardTemplate, AccountState } from './persona-template.ts';
export { generatePsuData, type GenerationInput } from './generate-psu-data.ts';
export { loadPsuData, getPsuRecord, putPsuRecord, psuDataCollection, type PsuRecord } from './psu-record.ts';
export {
  getPsu,
  findPsuByIdentifier,
  putPsu,
  psusCollection,
  psuIdentifiersCollection,
  type PsuEntry,
} from './psu-directory.ts';
export type { PsuData, BankAccount, BankCard, BankTransaction, Person } from './psu-data.ts';
export { formatAmount, parseAmount, filterDate } from './psu-data.ts';
export { forgetGeneratedData } from './forget-generated-data.ts';
