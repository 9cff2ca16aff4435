import type { FaultName, FaultSet } from './catalogue.ts';

/**
 * The fault set of a correct bank: what unit and property tests give the rule functions that take
 * the active faults, so they call them without thinking of faults.
 */
export const noFaults: FaultSet = new Set<FaultName>();
