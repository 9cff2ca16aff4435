import { parisDate } from '../data/calendar-date.ts';
import type { AccountState } from '../data/persona-template.ts';
import { getPsuRecord, putPsuRecord, type Booking } from '../data/psu-record.ts';
import { loadPsuData } from '../data/psu-record.ts';
import { findItem } from '../ais/account-catalogue.ts';
import { compareEntryReferences } from '../ais/transaction-filter.ts';
import { ApiError } from '../server/api-error.ts';
import type { CertificateContext } from '../server/request-context.ts';
import type { CertificateRoute } from '../server/route.ts';
import { requirePsu, sandboxRoute } from './sandbox-request.ts';

async function setState(ctx: CertificateContext, state: AccountState): Promise<void> {
  const entry = await requirePsu(ctx);
  const resourceId = ctx.params.resourceId ?? '';
  await ctx.store.transaction(async (tx) => {
    const data = await loadPsuData(tx, ctx.institution.code, entry.psuId);
    const record = await getPsuRecord(tx, ctx.institution.code, entry.psuId);
    if (data === undefined || record === undefined || findItem(data, resourceId, 'v1.6.2') === undefined) {
      throw new ApiError('AC01', { detail: `no account or card ${resourceId}` });
    }
    await putPsuRecord(tx, { ...record, states: { ...record.states, [resourceId]: state } });
  });
}

/** `POST /sandbox/v1/psus/{psuId}/accounts/{resourceId}/block`: later reads answer AC06 (CDNA for a card). */
export const blockAccountRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus/{psuId}/accounts/{resourceId}/block',
  async handler(ctx) {
    await setState(ctx, 'blocked');
    return { status: 204 };
  },
});

/** `POST /sandbox/v1/psus/{psuId}/accounts/{resourceId}/close`: later reads answer AC04 (CDNA for a card). */
export const closeAccountRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus/{psuId}/accounts/{resourceId}/close',
  async handler(ctx) {
    await setState(ctx, 'closed');
    return { status: 204 };
  },
});

/**
 * `POST /sandbox/v1/psus/{psuId}/accounts/{resourceId}/book-pending`: every PDNG transaction (or card
 * receipt) of the item becomes BOOK, booked on the PSU's current Paris day with the next entry
 * references (seed: States and transitions > Transaction status).
 */
export const bookPendingRoute: CertificateRoute = sandboxRoute({
  method: 'POST',
  path: '/psus/{psuId}/accounts/{resourceId}/book-pending',
  async handler(ctx) {
    const entry = await requirePsu(ctx);
    const resourceId = ctx.params.resourceId ?? '';
    const psu = { institution: ctx.institution.code, psuId: entry.psuId };
    const booked = await ctx.store.transaction(async (tx) => {
      const record = await getPsuRecord(tx, psu.institution, psu.psuId);
      const data = await loadPsuData(tx, psu.institution, psu.psuId);
      const item = data === undefined ? undefined : findItem(data, resourceId, 'v1.6.2');
      if (record === undefined || item === undefined)
        throw new ApiError('AC01', { detail: `no account or card ${resourceId}` });
      const bookingDate = parisDate(await ctx.clock.psuNow(tx, psu));
      const references = item.transactions.flatMap((t) =>
        t.entryReference === undefined ? [] : [t.entryReference],
      );
      let last = references.reduce((max, ref) => (compareEntryReferences(ref, max) > 0 ? ref : max), '0');
      const bookings: Record<string, Booking> = {};
      for (const transaction of item.transactions) {
        if (transaction.status !== 'PDNG') continue;
        last = /^\d+$/.test(last) ? String(BigInt(last) + 1n) : `${last}1`;
        bookings[transaction.resourceId] = { bookingDate, entryReference: last };
      }
      const next = { ...record, bookings: { ...record.bookings, ...bookings } };
      await putPsuRecord(tx, next);
      return Object.keys(bookings);
    });
    return { status: 200, json: { booked } };
  },
});
