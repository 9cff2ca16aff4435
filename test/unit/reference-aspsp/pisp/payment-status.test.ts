import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyPaymentEvent,
  initialPaymentState,
  paymentTransitions,
  transactionStatusFor,
} from '../../../../reference-aspsp/pisp/payment-status.ts';
import type { PaymentEvent, PaymentState } from '../../../../reference-aspsp/pisp/payment-status.ts';

function run(events: readonly PaymentEvent[]): PaymentState {
  let state = initialPaymentState;
  for (const event of events) {
    const result = applyPaymentEvent(state, event);
    if (!result.ok) throw new Error(`${event} refused in ${state.status}: ${result.refusal}`);
    state = result.state;
  }
  return state;
}

const allEvents: readonly PaymentEvent[] = [
  'psu-consented',
  'psu-refused',
  'psu-timed-out',
  'psu-authentication-failed',
  'tpp-confirmed',
  'cancellation-started',
  'cancellation-authorised',
];

describe('payment status state machine', () => {
  it('starts received, is accepted on consent, and pending after confirmation', () => {
    expect(initialPaymentState.status).toBe('RCVD');
    expect(run(['psu-consented']).status).toBe('ACTC');
    expect(run(['psu-consented', 'tpp-confirmed'])).toEqual({ status: 'PDNG', reason: undefined });
  });

  it('rejects with the STET reason of how the PSU journey failed', () => {
    expect(run(['psu-refused'])).toEqual({ status: 'RJCT', reason: 'CUST' });
    expect(run(['psu-timed-out'])).toEqual({ status: 'RJCT', reason: 'NOAS' });
    expect(run(['psu-authentication-failed'])).toEqual({ status: 'RJCT', reason: 'MS03' });
  });

  it('refuses to confirm a payment the PSU has not consented to', () => {
    expect(applyPaymentEvent(initialPaymentState, 'tpp-confirmed')).toEqual({
      ok: false,
      refusal: 'not-consented',
    });
  });

  it('refuses to confirm twice', () => {
    expect(applyPaymentEvent(run(['psu-consented', 'tpp-confirmed']), 'tpp-confirmed')).toEqual({
      ok: false,
      refusal: 'already-confirmed',
    });
  });

  it('cancels a consented or confirmed payment with DS02, keeping the status while the journey runs', () => {
    expect(run(['psu-consented', 'cancellation-started']).status).toBe('ACTC');
    expect(run(['psu-consented', 'tpp-confirmed', 'cancellation-started']).status).toBe('PDNG');
    expect(run(['psu-consented', 'cancellation-started', 'cancellation-authorised'])).toEqual({
      status: 'RJCT',
      reason: 'DS02',
    });
    expect(
      run(['psu-consented', 'tpp-confirmed', 'cancellation-started', 'cancellation-authorised']),
    ).toEqual({
      status: 'RJCT',
      reason: 'DS02',
    });
  });

  it('refuses to confirm a cancelled payment and to cancel it again', () => {
    const cancelled = run(['psu-consented', 'cancellation-started', 'cancellation-authorised']);
    expect(applyPaymentEvent(cancelled, 'tpp-confirmed')).toEqual({
      ok: false,
      refusal: 'already-cancelled',
    });
    expect(applyPaymentEvent(cancelled, 'cancellation-started')).toEqual({
      ok: false,
      refusal: 'already-cancelled',
    });
  });

  it('refuses to cancel a rejected payment or one never consented', () => {
    expect(applyPaymentEvent(run(['psu-refused']), 'cancellation-started')).toEqual({
      ok: false,
      refusal: 'already-rejected',
    });
    expect(applyPaymentEvent(initialPaymentState, 'cancellation-started')).toEqual({
      ok: false,
      refusal: 'not-consented',
    });
  });

  it('refuses a second PSU journey ending once the journey is over', () => {
    expect(applyPaymentEvent(run(['psu-consented']), 'psu-refused')).toEqual({
      ok: false,
      refusal: 'journey-finished',
    });
  });

  it('lists each (status, event) pair at most once', () => {
    const keys = paymentTransitions.map((t) => `${t.from}/${t.event}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('never leaves RJCT and keeps a reason exactly when rejected, whatever the events', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...allEvents), { maxLength: 12 }), (events) => {
        let state = initialPaymentState;
        let rejected = false;
        for (const event of events) {
          const result = applyPaymentEvent(state, event);
          if (rejected) expect(result.ok).toBe(false);
          if (result.ok) state = result.state;
          rejected = state.status === 'RJCT';
          expect(state.reason !== undefined).toBe(rejected);
        }
      }),
    );
  });

  it('reports a transaction status only for pending and rejected payments', () => {
    expect(transactionStatusFor('RCVD')).toBeUndefined();
    expect(transactionStatusFor('ACTC')).toBeUndefined();
    expect(transactionStatusFor('PDNG')).toBe('PDNG');
    expect(transactionStatusFor('RJCT')).toBe('RJCT');
  });
});
