/**
 * Tokens for a generated k6 script (`STET_TOKENS`): the virtual PSUs of each k6 scenario set up now
 * through the real OAuth journeys, keyed by k6 scenario name. The script refreshes them in setup().
 */
import { httpJourneyDriver } from '../../harness/journeys/http-driver.ts';
import { SecretSet } from '../../harness/report/secret-set.ts';
import { StetClient, type Target } from '../../harness/index.ts';
import { chooseInstitutions, chooseVersion } from '../load-plan.ts';
import { partsOf, type Scenario } from '../scenario-definition.ts';
import { prepareVirtualPsus } from '../virtual-psu.ts';

/** One virtual PSU as the script reads it. */
export interface K6Psu {
  psuId: string;
  aisp?: { access: string; refresh: string };
  cbpii?: { access: string; refresh: string };
  iban?: string;
}

/** The content of a `STET_TOKENS` file. */
export async function exportK6Tokens(options: {
  scenario: Scenario;
  target: Target;
  institutions: string[] | undefined;
}): Promise<{ psus: Record<string, K6Psu[]> }> {
  const client = new StetClient(options.target, new SecretSet());
  const journeys = httpJourneyDriver(client);
  const psus: Record<string, K6Psu[]> = {};
  try {
    for (const part of partsOf(options.scenario)) {
      const scenario = part.scenario;
      if (scenario.role === 'pisp') continue;
      const version = chooseVersion(scenario, options.target);
      for (const institution of chooseInstitutions(scenario, options.target, version, options.institutions)) {
        const prepared = await prepareVirtualPsus({
          scenario,
          version,
          target: options.target,
          institution,
          client,
          journeys,
          count: scenario.psus,
        });
        psus[`${scenario.name}-${institution.code}`] = prepared.map((p) => ({
          psuId: p.psuId,
          [scenario.role]: p.tokens,
          ...(p.iban === undefined ? {} : { iban: p.iban }),
        }));
      }
    }
  } finally {
    await client.close();
  }
  return { psus };
}
