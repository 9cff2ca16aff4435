import { computeDigest, signRequest } from '../protocol/index.ts';
import type { TppCredentials } from '../harness/index.ts';

/**
 * Adds `Date`, `Digest` and a draft-cavage `Signature` (QSEAL, rsa-sha256) to `headers`: the
 * institution's policy headers plus every `psu-*` header present (contracts §4), as the harness
 * client signs. Called once per request, so each load request carries its own Digest and Signature.
 */
export function signHeaders(options: {
  method: string;
  path: string;
  /** Lower-case names; `x-request-id` already set. Changed in place. */
  headers: Record<string, string>;
  body: string;
  policy: readonly string[];
  tpp: TppCredentials;
}): void {
  const { headers } = options;
  headers['date'] = new Date().toUTCString();
  headers['digest'] = computeDigest(options.body);
  const covered = options.policy.map((h) => h.toLowerCase());
  for (const name of Object.keys(headers))
    if (name.startsWith('psu-') && !covered.includes(name)) covered.push(name);
  headers['signature'] = signRequest({
    method: options.method,
    path: options.path,
    headers,
    keyId: options.tpp.qseal.keyId,
    privateKey: options.tpp.qseal.key,
    headerNames: covered.filter((h) => h.startsWith('(') || headers[h] !== undefined),
  });
}
