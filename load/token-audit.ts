/**
 * After the load, checks that a PSU holds at most one valid token set for the TPP and role (seed:
 * Limits, "Tokens held"; rule TOK-ONE-SET-PER-TRIPLET): the first and the last few access tokens
 * issued to each PSU during the run are tried on a connected read, which counts for no quota.
 */
import type { ApiVersion } from '../spec/lib/index.ts';
import type { FindingBook } from './load-finding.ts';
import type { VirtualPsu } from './virtual-psu.ts';

/** Access tokens tried per PSU: the first issued and the last ones. */
const triedPerPsu = 6;

/** Adds a `second-token-set` finding for each PSU with more than one access token still accepted. */
export async function auditTokenSets(
  psus: ReadonlyArray<{ psu: VirtualPsu; version: ApiVersion }>,
  findings: FindingBook,
): Promise<void> {
  await Promise.all(
    psus.map(async ({ psu, version }) => {
      const session = psu.session;
      if (psu.issued.length < 2 || session === undefined) return;
      const tried = [...new Set([psu.issued[0] ?? '', ...psu.issued.slice(-(triedPerPsu - 1))])];
      const path = `/stet/psd2/${version}/accounts`;
      const accepted: string[] = [];
      for (const token of tried) {
        const exchange = await session.api({ method: 'GET', path, token });
        if (exchange.status === 200)
          accepted.push(String(exchange.entry.request.headers['x-request-id'] ?? ''));
      }
      if (accepted.length > 1) {
        findings.add({
          kind: 'second-token-set',
          ruleIds: ['TOK-ONE-SET-PER-TRIPLET'],
          institution: psu.institution,
          endpoint: 'POST /oauth/token',
          count: accepted.length - 1,
          example: {
            path,
            status: 200,
            requestId: accepted[0] ?? '',
            detail: `${accepted.length} of the ${tried.length} access tokens tried for PSU ${psu.psuId} are accepted after the load`,
          },
        });
      }
    }),
  );
}
