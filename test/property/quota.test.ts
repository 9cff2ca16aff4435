import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consumeBatchAccess,
  dailyBatchAccesses,
  type QuotaResource,
} from '../../reference-aspsp/ais/quota.ts';
import { noFaults } from '../../reference-aspsp/faults/no-faults.ts';
import { openStore, type Store } from '../../reference-aspsp/store/index.ts';
import { propertyRuns } from './property-runs.ts';

// An independent reading of the Paris calendar day (the reference has its own).
const parisDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' });

/** Starting points around Paris midnights and both daylight-saving changes of 2025. */
const starts = [
  '2025-03-29T22:30:00Z',
  '2025-03-30T00:30:00Z',
  '2025-10-25T21:30:00Z',
  '2025-06-14T21:45:00Z',
];

const call = fc.record({
  resource: fc.constantFrom<QuotaResource>('accounts', 'balances', 'transactions'),
  account: fc.constantFrom('a1', 'a2'),
  page: fc.integer({ min: 1, max: 2 }),
  psuIp: fc.option(fc.constantFrom('192.0.2.1', '2001:db8::1'), { nil: undefined, freq: 3 }),
  minutesLater: fc.integer({ min: 0, max: 200 }),
});

let store: Store;
beforeAll(async () => {
  store = await openStore({ kind: 'memory' });
});
afterAll(async () => store.close());

let run = 0;

describe('batch quota counting', () => {
  it('allows four calls without PSU-IP-Address per item and Paris day, and never counts connected calls', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...starts),
        fc.array(call, { maxLength: 40 }),
        async (start, calls) => {
          run += 1;
          const psuId = `psu-${run}`;
          const counts = new Map<string, number>();
          let now = new Date(start).getTime();
          for (const c of calls) {
            now += c.minutesLater * 60_000;
            const resourceId = c.resource === 'accounts' ? undefined : c.account;
            const allowed = await consumeBatchAccess(
              store,
              {
                institution: '10101',
                psuId,
                clientId: 'tpp',
                resource: c.resource,
                resourceId,
                page: c.page,
                now: new Date(now),
              },
              { connected: c.psuIp !== undefined, faults: noFaults },
            );
            if (c.psuIp !== undefined) {
              expect(allowed).toBe(true);
              continue;
            }
            const key = [parisDay.format(new Date(now)), c.resource, resourceId ?? '-', c.page].join('|');
            const count = (counts.get(key) ?? 0) + 1;
            counts.set(key, count);
            expect(allowed, `call ${count} of ${key}`).toBe(count <= dailyBatchAccesses);
          }
        },
      ),
      propertyRuns(100, 1000),
    );
  });
});
