/**
 * Virtual PSUs: before the load starts, each gets its tokens through the real OAuth journey (the http
 * journey driver on the bank's pages) and, for AISP, its consent; a sandbox clone of the persona each
 * where the institution has the sandbox control API, the persona itself otherwise.
 */
import { FuzzSession, type FuzzTokens } from '../harness/fuzz/fuzz-session.ts';
import type { JourneyDriver } from '../harness/journeys/journey-driver.ts';
import type { InstitutionTarget, StetClient, Target } from '../harness/index.ts';
import { versionProfile, type ApiVersion } from '../spec/lib/index.ts';
import { LoadError } from './load-error.ts';
import type { SingleScenario } from './scenario-definition.ts';

/** A PSU the load acts for. Tokens change as the scenario refreshes them. */
export interface VirtualPsu {
  institution: string;
  psuId: string;
  /** A fresh sandbox clone: quotas and tokens started at zero with this run. */
  fresh: boolean;
  tokens: FuzzTokens;
  /** The PSU's first euro IBAN (`{{iban}}` of request bodies). */
  iban: string | undefined;
  /** Every access token issued to the PSU for this role, oldest first (the one-set audit). */
  issued: string[];
  /** The session that set it up (signed calls for the token audit); none for a synthetic PSU. */
  session?: FuzzSession | undefined;
}

/**
 * Sets up `count` virtual PSUs of `scenario` at `institution` (one when the target cannot clone).
 * Throws `ERR_LOAD_SETUP` when the bank refuses a step of the set-up.
 */
export async function prepareVirtualPsus(options: {
  scenario: SingleScenario;
  version: ApiVersion;
  target: Target;
  institution: InstitutionTarget;
  client: StetClient;
  journeys: JourneyDriver;
  count: number;
}): Promise<VirtualPsu[]> {
  const { target, institution, scenario } = options;
  const clones = target.capabilities.includes('sandbox') && institution.sandbox;
  const count = clones ? options.count : 1;
  const out: VirtualPsu[] = [];
  // A few at a time: journeys are several page loads each, and the bank is also being set up for others.
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, () => preparePsu(options, clones));
    out.push(...(await Promise.all(batch)));
  }
  return out;

  async function preparePsu(o: typeof options, clone: boolean): Promise<VirtualPsu> {
    const session = new FuzzSession({ client: o.client, target, journeys: o.journeys, institution });
    const persona = scenario.persona;
    try {
      if (clone) await session.clone(persona);
      else {
        const known = target.personas[persona];
        session.adopt({ psuId: persona, identifier: known?.identifier ?? persona, otp: known?.otp ?? '' });
      }
      const base = `/stet/psd2/${o.version}`;
      let tokens = await session.login('aisp');
      let iban: string | undefined;
      if (scenario.role === 'aisp' || scenario.role === 'cbpii') {
        const list = await session.api({ method: 'GET', path: `${base}/accounts`, token: tokens.access });
        if (list.status !== 200) setupFailed(`GET /accounts before consent answered ${list.status}`);
        const ibans = ibansOf(list.json);
        iban = ibans.find((i) => i.currency === 'EUR')?.iban;
        if (scenario.role === 'aisp' && scenario.consent) {
          const fields = versionProfile(o.version).consentFields;
          const every = [...new Set(ibans.map((i) => i.iban))].map((i) => ({ iban: i }));
          const body: Record<string, unknown> = {};
          for (const field of fields) {
            body[field] = consentedLists.has(field) ? every : flagFields.has(field) ? false : [];
          }
          const put = await session.api({
            method: 'PUT',
            path: `${base}/consents`,
            token: tokens.access,
            body: JSON.stringify(body),
          });
          if (put.status !== 201) setupFailed(`PUT /consents answered ${put.status}`);
        }
      }
      if (scenario.role === 'cbpii') {
        const scope = versionProfile(o.version).cbpiiScope;
        if (scope === null) setupFailed(`${o.version} has no funds confirmation`);
        tokens = await session.login(scope);
      }
      return {
        institution: institution.code,
        psuId: session.psuId,
        fresh: clone,
        tokens,
        iban,
        issued: [tokens.access],
        session,
      };
    } catch (error) {
      if (error instanceof LoadError) throw error;
      throw new LoadError(
        'ERR_LOAD_SETUP',
        `setting up a virtual PSU (${persona}) of ${scenario.name} at ${institution.code} failed: ${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
          hint: 'run `stet-harness run --suite smoke` against the same target to see what the bank refuses',
        },
      );
    }
  }

  function setupFailed(message: string): never {
    throw new LoadError('ERR_LOAD_SETUP', `${scenario.name} at ${institution.code}: ${message}`, {
      hint: 'the set-up before the load (journey, token, consent) must succeed; check the target and persona',
    });
  }
}

/** Consent lists the load reads (every account); other lists are empty, flags false. */
const consentedLists = new Set(['balances', 'transactions']);
const flagFields = new Set(['trustedBeneficiaries', 'psuIdentity']);

function ibansOf(body: unknown): Array<{ iban: string; currency: unknown }> {
  const accounts: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, 'accounts') : undefined;
  if (!Array.isArray(accounts)) return [];
  const out: Array<{ iban: string; currency: unknown }> = [];
  for (const account of accounts as unknown[]) {
    const id: unknown =
      typeof account === 'object' && account !== null ? Reflect.get(account, 'accountId') : undefined;
    if (typeof id !== 'object' || id === null) continue;
    const iban: unknown = Reflect.get(id, 'iban');
    if (typeof iban === 'string') out.push({ iban, currency: Reflect.get(id, 'currency') });
  }
  return out;
}
