import type { Domain } from '../server/domain.ts';
import { fundsConfirmationRoute } from './funds-confirmation-route.ts';

/** The CBPII domain of the reference bank: funds confirmation (seed: Endpoints, Funds confirmation). */
export const cbpiiDomain: Domain = {
  name: 'cbpii',
  routes: [fundsConfirmationRoute],
};
