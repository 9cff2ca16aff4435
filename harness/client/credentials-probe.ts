/**
 * The check, before any case runs, that the target bank accepts the TPP of the target file: one
 * signed `GET /stet/psd2/<version>/accounts` without a token. A bank answering that it does not trust
 * or know the QWAC (another CA, not enrolled, none seen) would make every case fail or error the same
 * way; the run stops on one clear error instead.
 */
import { ClientError } from './client-errors.ts';
import type { StetClient } from './stet-client.ts';
import type { Target } from '../targets/target-definition.ts';

/** Error codes (`message` of the STET error body) that say the bank refuses the client certificate. */
const refusals: Readonly<Record<string, string>> = {
  CERT_UNTRUSTED: 'it is not issued by a CA the bank trusts (another CA?)',
  CERT_MISSING: 'the bank saw no client certificate',
  TPP_NOT_ENROLLED: 'the bank does not know this TPP (not enrolled)',
};

/**
 * Sends the probe to the first institution at the target's first version; throws
 * `ERR_CLIENT_CERTIFICATE` when the answer is one of the refusals above. Any other answer (401 for
 * the missing token, 404 for a decommissioned version…) lets the run go on: the cases judge the rest.
 */
export async function probeCredentials(client: StetClient, target: Target): Promise<void> {
  const institution = target.institutions[0];
  const version = target.versions[0];
  if (institution === undefined || version === undefined) return;
  const exchange = await client.send({
    institution: institution.code,
    method: 'GET',
    path: `/stet/psd2/${version}/accounts`,
    headers: {},
    tpp: target.tpp,
  });
  if (exchange.status !== 401 && exchange.status !== 403) return;
  const body = exchange.json;
  const code =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message
      : undefined;
  const why = code === undefined ? undefined : refusals[code];
  if (why === undefined) return;
  throw new ClientError(
    'ERR_CLIENT_CERTIFICATE',
    `institution ${institution.code} refuses the QWAC of tpp ${target.tpp.clientId} (${exchange.status} ${code ?? ''}): ${why}`,
    {
      hint: 'set tpp.qwac in the target file to the certificate the bank enrolled, issued by the CA it trusts',
    },
  );
}
