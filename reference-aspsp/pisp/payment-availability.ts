/** How long a payment request can be read after its creation (seed: Limits, 35 days). */
export const paymentAvailabilityDays = 35;

const dayMs = 24 * 60 * 60 * 1000;

/** The last instant a payment created at `createdAt` can be read (exclusive bound). */
export function paymentAvailableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + paymentAvailabilityDays * dayMs);
}

/**
 * True while the payment request data is available: less than 35 days of 24 h since creation. `now`
 * is the PSU's clock once the payment has a PSU (so sandbox time travel applies), the base clock before.
 */
export function isPaymentAvailable(options: { createdAt: Date; now: Date }): boolean {
  return options.now.getTime() < paymentAvailableUntil(options.createdAt).getTime();
}
