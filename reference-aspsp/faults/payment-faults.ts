import type { Fault } from './fault.ts';

/** Deviations of funds confirmation and payment initiation. */
export const paymentFaults: readonly Fault[] = [
  {
    name: 'funds-confirmation-reserves',
    description: 'A positive funds confirmation reserves the amount: the next one sees less.',
    rules: ['CBP-NO-FUNDS-BLOCKED'],
  },
  {
    name: 'payment-request-id-not-compared',
    description: 'GET of a payment request answers whatever X-Request-ID is sent.',
    rules: ['PIS-GET-SAME-X-REQUEST-ID'],
  },
  {
    name: 'first-token-confirms',
    description: 'The first PISP token (client credentials) is accepted on the confirmation.',
    rules: ['PIS-CONFIRMATION-NEEDS-SECOND-TOKEN'],
  },
];
