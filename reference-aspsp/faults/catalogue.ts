import { aisFaults } from './ais-faults.ts';
import type { FaultEntry } from './fault.ts';
import { paymentFaults } from './payment-faults.ts';
import { tokenFaults } from './token-faults.ts';
import { transportFaults } from './transport-faults.ts';

export type { FaultCheck, FaultEntry } from './fault.ts';

/** Deviations of the version calendar. */
const versionFaults = {
  'version-not-decommissioned': {
    description:
      'A version is still served after its decommission date (T0 + 3 months after its successor went live).',
    rules: ['VER-DECOMMISSION-T0-3M'],
    // A date-driven rule: the suite case with a calendar step sees it against a reference whose calendar
    // decommissions v1, and so does the calendar check of `stet-harness versions`.
    killedBy: 'versions',
  },
} as const satisfies Readonly<Record<string, FaultEntry>>;

/**
 * Every fault the reference implements, under its name, by rule family. Code checks
 * `faults.has('name')` (a {@link FaultSet}, so a misspelt name does not compile) at the one place the
 * deviation happens; adding a fault is adding an entry here and that one check
 * (test/unit/reference-aspsp/faults checks both).
 */
const entries = {
  ...transportFaults,
  ...tokenFaults,
  ...aisFaults,
  ...paymentFaults,
  ...versionFaults,
} as const satisfies Readonly<Record<string, FaultEntry>>;

/** The name of a fault of the catalogue. */
export type FaultName = keyof typeof entries;

/** A fault of the catalogue with its name, as `stet-harness faults` lists it. */
export interface Fault extends FaultEntry {
  readonly name: FaultName;
}

/**
 * The faults a reference was started with, resolved once when it starts and shared by every
 * request's context (`ctx.faults`).
 */
export type FaultSet = ReadonlySet<FaultName>;

/** True when `name` names a fault of the catalogue. */
export function isFaultName(name: string): name is FaultName {
  return Object.hasOwn(entries, name);
}

/** Every fault, in catalogue order. */
export const faultCatalogue: readonly Fault[] = Object.keys(entries)
  .filter(isFaultName)
  .map((name) => ({ name, ...entries[name] }));

/** The fault of that name, or undefined. */
export function findFault(name: string): Fault | undefined {
  return isFaultName(name) ? { name, ...entries[name] } : undefined;
}

/** The fault families the catalogue is made of, for the test that no name is declared twice. */
export const faultFamilies: readonly Readonly<Record<string, FaultEntry>>[] = [
  transportFaults,
  tokenFaults,
  aisFaults,
  paymentFaults,
  versionFaults,
];
