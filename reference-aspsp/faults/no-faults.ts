/**
 * The fault set of a correct bank: the default of every function that takes the active faults, so
 * unit and property tests call the rule functions without thinking of faults.
 */
export const noFaults: ReadonlySet<string> = new Set<string>();
