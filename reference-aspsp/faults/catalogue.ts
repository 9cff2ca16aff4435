/**
 * One deliberate deviation the reference can be started with (`serve --fault NAME`), so the harness
 * can prove that the suite meant to catch it does (docs/contracts.md §12).
 */
export interface Fault {
  /** kebab-case name given to `--fault`. */
  readonly name: string;
  readonly description: string;
  /** Ids of spec/rules.yaml the deviation breaks: a suite checking one of them must fail. */
  readonly rules: readonly string[];
}

/**
 * Every fault the reference implements. Code checks `ctx.faults.has(name)` at the one place the
 * deviation happens; adding a fault is adding an entry here and that one check.
 */
export const faultCatalogue: readonly Fault[] = [
  {
    name: 'request-id-not-echoed',
    description: 'Responses do not echo X-Request-ID.',
    rules: ['TRN-XREQUESTID-ECHO', 'TRN-XREQUESTID-ECHO-ON-ERROR'],
  },
  {
    name: 'signature-not-checked',
    description: 'Resource calls are served without checking the Signature header.',
    rules: ['TRN-SIGNATURE-REQUIRED', 'TRN-SIGNATURE-VERIFIES'],
  },
  {
    name: 'code-reusable',
    description: 'An authorization code can be exchanged more than once.',
    rules: ['TOK-CODE-ONE-TIME'],
  },
  {
    name: 'refresh-keeps-old-access-token',
    description: 'A refresh leaves the previous access token valid.',
    rules: ['TOK-REFRESH-REVOKES-OLD-ACCESS', 'TOK-ONE-SET-PER-TRIPLET'],
  },
  {
    name: 'token-never-expires',
    description: 'Access tokens stay valid after 3600 s.',
    rules: ['TOK-ACCESS-EXPIRES'],
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

/** The fault of that name, or undefined. */
export function findFault(name: string): Fault | undefined {
  return faultCatalogue.find((fault) => fault.name === name);
}
