import { seedPersonas } from '../data/seed-personas.ts';
import type { Domain } from '../server/domain.ts';
import { accountsRoute } from './accounts-route.ts';
import { balancesRoute } from './balances-route.ts';
import { consentsRoute } from './consents-route.ts';
import { endUserIdentityRoute } from './end-user-identity-route.ts';
import { overdraftsRoute } from './overdrafts-route.ts';
import { ownersRoute } from './owners-route.ts';
import { transactionsRoute } from './transactions-route.ts';
import { unavailableRoutes } from './unavailable-routes.ts';

/**
 * The account information service of the reference bank (seed: Account information), with the
 * persona templates written into the store at start-up.
 */
export const aisDomain: Domain = {
  name: 'ais',
  routes: [
    accountsRoute,
    consentsRoute,
    balancesRoute,
    transactionsRoute,
    overdraftsRoute,
    ownersRoute,
    endUserIdentityRoute,
    ...unavailableRoutes,
  ],
  async start(env) {
    await seedPersonas(env.store, env.institutions, env.clock, env.mode);
  },
};
