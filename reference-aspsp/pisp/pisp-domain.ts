import type { Domain } from '../server/domain.ts';
import { paymentCancellationRoute } from './payment-cancellation-route.ts';
import { paymentConfirmationRoute, paymentOConfirmationRoute } from './payment-confirmation-route.ts';
import { paymentInitiationRoute } from './payment-initiation-route.ts';
import { paymentStatusRoute } from './payment-status-route.ts';

/** The PISP domain of the reference bank: payment initiation, status, cancellation and confirmation. */
export const pispDomain: Domain = {
  name: 'pisp',
  routes: [
    paymentInitiationRoute,
    paymentStatusRoute,
    paymentCancellationRoute,
    paymentConfirmationRoute,
    paymentOConfirmationRoute,
  ],
};
