import type { Judge, Violation } from './judge.ts';

/** CLT-SIGNATURE: every resource call signed, and the bank did not refuse the signature. */
export const judgeSignature: Judge = ({ requests }) => {
  const calls = requests.filter((r) => r.kind === 'resource');
  const violations: Violation[] = [];
  for (const request of calls) {
    if (request.signedHeaders === undefined)
      violations.push({ request, reason: 'no Signature header (or one that cannot be parsed)' });
    else if (request.response.code === 'SIGNATURE_INVALID')
      violations.push({ request, reason: 'the bank refused the signature (401 SIGNATURE_INVALID)' });
  }
  return { exercised: calls.length, violations };
};

/** CLT-DIGEST: every resource call carries a Digest matching its body. */
export const judgeDigest: Judge = ({ requests }) => {
  const calls = requests.filter((r) => r.kind === 'resource');
  const violations: Violation[] = [];
  for (const request of calls) {
    if (request.digest === 'absent') violations.push({ request, reason: 'no Digest header' });
    else if (request.digest === 'mismatch')
      violations.push({ request, reason: 'the Digest does not match the body received' });
  }
  return { exercised: calls.length, violations };
};
