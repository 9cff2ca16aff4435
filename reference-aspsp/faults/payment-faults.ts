import type { FaultEntry } from './fault.ts';

/** Deviations of funds confirmation and payment initiation. */
// One fault per line, as a table: the catalogue reads down its names.
// prettier-ignore
export const paymentFaults = {
  'funds-confirmation-reserves': { description: 'A positive funds confirmation reserves the amount: the next one sees less.', rules: ['CBP-NO-FUNDS-BLOCKED'] },
  'payment-request-id-not-compared': { description: 'GET of a payment request answers whatever X-Request-ID is sent.', rules: ['PIS-GET-SAME-X-REQUEST-ID'] },
  'first-token-confirms': { description: 'The first PISP token (client credentials) is accepted on the confirmation.', rules: ['PIS-CONFIRMATION-NEEDS-SECOND-TOKEN'] },
} as const satisfies Readonly<Record<string, FaultEntry>>;
