import type { Domain } from '../server/domain.ts';
import { blockAccountRoute, bookPendingRoute, closeAccountRoute } from './account-routes.ts';
import {
  clonePsuRoute,
  personasRoute,
  psuClockRoute,
  resetPsuRoute,
  revokeTokenRoute,
  revokeTokensRoute,
} from './psu-routes.ts';

/** The sandbox control API of the reference (docs/contracts.md §5); off in live mode. */
export const sandboxDomain: Domain = {
  name: 'sandbox',
  routes: [
    personasRoute,
    clonePsuRoute,
    resetPsuRoute,
    psuClockRoute,
    revokeTokensRoute,
    revokeTokenRoute,
    blockAccountRoute,
    closeAccountRoute,
    bookPendingRoute,
  ],
};
