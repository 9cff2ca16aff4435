import { describe, expect, it } from 'vitest';
import {
  isPaymentAvailable,
  paymentAvailableUntil,
} from '../../../../reference-aspsp/pisp/payment-availability.ts';

const createdAt = new Date('2025-03-01T10:00:00Z');
const plus = (ms: number) => new Date(createdAt.getTime() + ms);
const day = 86_400_000;

describe('35-day payment availability', () => {
  it('keeps a payment readable until just before 35 days have passed', () => {
    expect(isPaymentAvailable({ createdAt, now: createdAt })).toBe(true);
    expect(isPaymentAvailable({ createdAt, now: plus(34 * day) })).toBe(true);
    expect(isPaymentAvailable({ createdAt, now: plus(35 * day - 1) })).toBe(true);
  });

  it('makes it unavailable from 35 days on', () => {
    expect(paymentAvailableUntil(createdAt).toISOString()).toBe('2025-04-05T10:00:00.000Z');
    expect(isPaymentAvailable({ createdAt, now: plus(35 * day) })).toBe(false);
    expect(isPaymentAvailable({ createdAt, now: plus(36 * day) })).toBe(false);
  });
});
