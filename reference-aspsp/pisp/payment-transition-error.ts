import { ApiError } from '../server/api-error.ts';
import type { PaymentRefusal } from './payment-status.ts';

/** The error answering a refused payment transition: `409 PAYMENT_STATUS_CONFLICT`, the reason in the log. */
export function paymentTransitionError(refusal: PaymentRefusal, action: string): ApiError {
  return new ApiError('PAYMENT_STATUS_CONFLICT', { detail: `${action} refused: ${refusal}` });
}
