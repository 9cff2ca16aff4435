import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedItems } from '../../reference-aspsp/ais/account-catalogue.ts';
import { accessRefusal } from '../../reference-aspsp/ais/access.ts';
import { aisFunctions, consentFromBody } from '../../reference-aspsp/ais/consent.ts';
import { getConsent, putConsent, type ConsentKey } from '../../reference-aspsp/ais/consent-store.ts';
import { linksFor } from '../../reference-aspsp/ais/links.ts';
import { generatePsuData } from '../../reference-aspsp/data/generate-psu-data.ts';
import { findPersona } from '../../reference-aspsp/data/load-personas.ts';
import type { PsuData } from '../../reference-aspsp/data/psu-data.ts';
import { openStore, type Store } from '../../reference-aspsp/store/index.ts';
import { versionProfile, type ApiVersion } from '../../spec/lib/index.ts';
import { propertyRuns } from './property-runs.ts';
import { noFaults } from '../../reference-aspsp/faults/no-faults.ts';
import { referenceChoices } from '../../reference-aspsp/choices/index.ts';

const template = findPersona('alice');
if (template === undefined) throw new Error('persona alice is missing');
const alice: PsuData = generatePsuData({
  template,
  institution: '10101',
  psuId: 'alice',
  anchor: new Date('2025-03-15T10:00:00Z'),
});
const ibans = [...new Set(alice.accounts.map((account) => account.iban))];
const everyItem = [...alice.accounts, ...alice.cards];

const ibanList = fc.subarray(ibans).map((list) => list.map((iban) => ({ iban })));
const consentBody = fc.record({
  balances: ibanList,
  transactions: ibanList,
  overdrafts: ibanList,
  owners: ibanList,
  trustedBeneficiaries: fc.boolean(),
  psuIdentity: fc.boolean(),
});
const version = fc.constantFrom<ApiVersion>('v1', 'v1.4.2', 'v1.6.2');

let store: Store;
beforeAll(async () => {
  store = await openStore({ kind: 'memory' });
});
afterAll(async () => store.close());

/** What an AISP can see of the PSU under the recorded consent: listing, links, access decisions. */
async function view(key: ConsentKey, apiVersion: ApiVersion): Promise<unknown> {
  const consent = await getConsent(store, key);
  return {
    listed: listedItems({ data: alice, consent, profile: versionProfile(apiVersion), faults: noFaults }).map(
      (item) => item.resourceId,
    ),
    links: everyItem.map((item) =>
      linksFor(
        {
          data: alice,
          consent,
          profile: versionProfile(apiVersion),
          faults: noFaults,
          choices: referenceChoices,
        },
        item,
      ),
    ),
    access: everyItem.map((item) =>
      aisFunctions.map((fn) => accessRefusal({ data: alice, consent, faults: noFaults }, item, fn)),
    ),
  };
}

let run = 0;

describe('consent replacement', () => {
  it('leaves a view that depends only on the last PUT /consents', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(consentBody, { minLength: 1, maxLength: 6 }), version, async (bodies, v) => {
        run += 1;
        const history: ConsentKey = { institution: '10101', psuId: `history-${run}`, clientId: 'tpp' };
        const onlyLast: ConsentKey = { institution: '10101', psuId: `last-${run}`, clientId: 'tpp' };
        for (const body of bodies) await putConsent(store, history, consentFromBody(body, versionProfile(v)));
        const last = bodies[bodies.length - 1];
        await putConsent(store, onlyLast, consentFromBody(last, versionProfile(v)));
        expect(await view(history, v)).toEqual(await view(onlyLast, v));
      }),
      propertyRuns(100, 500),
    );
  });

  it('grants every function exactly on the IBANs of the last body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(consentBody, { minLength: 1, maxLength: 6 }), async (bodies) => {
        run += 1;
        const key: ConsentKey = { institution: '10101', psuId: `grants-${run}`, clientId: 'tpp' };
        for (const body of bodies)
          await putConsent(store, key, consentFromBody(body, versionProfile('v1.6.2')));
        const last = bodies[bodies.length - 1];
        const consent = await getConsent(store, key);
        for (const account of alice.accounts) {
          for (const fn of aisFunctions) {
            const granted = last?.[fn].some((entry) => entry.iban === account.iban) ?? false;
            const refusal = accessRefusal({ data: alice, consent, faults: noFaults }, account, fn);
            expect(refusal === 'NGAC', `${fn} on ${account.iban}`).toBe(!granted);
          }
        }
      }),
      propertyRuns(100, 500),
    );
  });
});
