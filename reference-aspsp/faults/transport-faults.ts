import type { FaultEntry } from './fault.ts';

/** Deviations of transport, signatures and error bodies. */
// One fault per line, as a table: the catalogue reads down its names.
// prettier-ignore
export const transportFaults = {
  'live-accepts-sandbox-otp': { description: 'The live host accepts the sandbox’s fixed SMS code (12345678) as well as the code it sent to the PSU.', rules: ['TRN-SANDBOX-DATA-NOT-LIVE'] },
  'live-knows-sandbox-personas': { description: 'The live host also identifies the sandbox personas by their sandbox identifiers.', rules: ['TRN-SANDBOX-DATA-NOT-LIVE'] },
  'request-id-not-echoed': { description: 'Responses do not echo X-Request-ID.', rules: ['TRN-XREQUESTID-ECHO', 'TRN-XREQUESTID-ECHO-ON-ERROR'] },
  'signature-not-checked': { description: 'Resource calls are served without checking the Signature header.', rules: ['TRN-SIGNATURE-REQUIRED', 'TRN-SIGNATURE-VERIFIES', 'TRN-SIGNATURE-KEYID', 'TRN-SIGNATURE-POLICY-HEADERS', 'TRN-SIGNATURE-PSU-HEADERS'] },
  'signature-freshness-not-checked': { description: 'An institution configured to check signature freshness accepts a Date outside its window and a signature sent again.', rules: ['TRN-SIGNATURE-FRESH', 'TRN-SIGNATURE-NO-REPLAY'] },
  'digest-not-checked': { description: 'The Digest header is not compared with the body.', rules: ['TRN-DIGEST-MATCHES-BODY'] },
  'qwac-role-not-checked': { description: 'The PSD2 role of the QWAC is not checked: an AISP-only certificate reaches payments.', rules: ['TRN-ROLE-AISP', 'TRN-ROLE-CBPII', 'TRN-ROLE-PISP', 'TRN-ROLE-ENROLLED'] },
  'error-code-missing': { description: 'Error bodies keep the HTTP status but name no catalogue code in message.', rules: ['ERR-CODE-CARRIED', 'ERR-STET-BODY', 'TRN-REFUSAL-JUSTIFIED', 'BAD-CATALOGUE-CODE'] },
} as const satisfies Readonly<Record<string, FaultEntry>>;
