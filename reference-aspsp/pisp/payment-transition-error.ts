import type { Choices } from '../choices/index.ts';
import { ApiError } from '../server/api-error.ts';
import type { PaymentRefusal } from './payment-status.ts';

/**
 * The error answering a refused payment transition: `409 PAYMENT_STATUS_CONFLICT`, the reason in the
 * log and, as the bank's choice PIS-SANDBOX-PROBLEM-DETAIL says, in the sandbox's problem details.
 */
export function paymentTransitionError(refusal: PaymentRefusal, action: string, choices: Choices): ApiError {
  return new ApiError('PAYMENT_STATUS_CONFLICT', {
    detail: choices.of('PIS-SANDBOX-PROBLEM-DETAIL')(`${action} refused: ${refusal}`),
  });
}
