import { aisFaults } from './ais-faults.ts';
import type { Fault } from './fault.ts';
import { paymentFaults } from './payment-faults.ts';
import { tokenFaults } from './token-faults.ts';
import { transportFaults } from './transport-faults.ts';

export type { Fault, FaultCheck } from './fault.ts';

/**
 * Every fault the reference implements, by rule family. Code checks `faults.has(name)` at the one
 * place the deviation happens; adding a fault is adding an entry here and that one check
 * (test/unit/reference-aspsp/faults checks both).
 */
export const faultCatalogue: readonly Fault[] = [
  ...transportFaults,
  ...tokenFaults,
  ...aisFaults,
  ...paymentFaults,
  {
    name: 'version-not-decommissioned',
    description:
      'A version is still served after its decommission date (T0 + 3 months after its successor went live).',
    rules: ['VER-DECOMMISSION-T0-3M'],
    // A date-driven rule: the suite case with a calendar step sees it against a reference whose calendar
    // decommissions v1, and so does the calendar check of `stet-harness versions`.
    killedBy: 'versions',
  },
];

/** The fault of that name, or undefined. */
export function findFault(name: string): Fault | undefined {
  return faultCatalogue.find((fault) => fault.name === name);
}
