import { describe, expect, it } from 'vitest';
import { createClock } from '../../../../reference-aspsp/clock/system-clock.ts';
import { openStore } from '../../../../reference-aspsp/store/index.ts';

describe('the clock', () => {
  it('advances a fixed start instant with elapsed real time', () => {
    let elapsed = 0;
    const clock = createClock({ kind: 'fixed', start: new Date('2025-09-27T23:59:00Z') }, () => elapsed);
    expect(clock.now().toISOString()).toBe('2025-09-27T23:59:00.000Z');
    elapsed = 61_000;
    expect(clock.now().toISOString()).toBe('2025-09-28T00:00:01.000Z');
  });

  it('keeps one offset per PSU, so travelling one PSU leaves the others alone', async () => {
    const store = await openStore({ kind: 'memory' });
    const clock = createClock({ kind: 'fixed', start: new Date('2026-01-01T00:00:00Z') }, () => 0);
    const alice = { institution: '10101', psuId: 'alice' };
    const bob = { institution: '10101', psuId: 'bob' };
    expect((await clock.travel(store, alice, 86_400_000)).toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect((await clock.psuNow(store, bob)).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect((await clock.psuNow(store, { institution: '20202', psuId: 'alice' })).toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    await clock.setPsuTime(store, bob, new Date('2027-03-01T12:00:00Z'));
    expect((await clock.psuNow(store, bob)).toISOString()).toBe('2027-03-01T12:00:00.000Z');
    await clock.resetPsu(store, alice);
    expect(await clock.psuOffset(store, alice)).toBe(0);
    await store.close();
  });
});
