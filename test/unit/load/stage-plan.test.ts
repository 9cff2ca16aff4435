import { describe, expect, it } from 'vitest';
import {
  checkStages,
  connectionRate,
  parseStages,
  peakRate,
  rateAt,
  stagesDurationMs,
} from '../../../load/stage-plan.ts';

describe('stage planning', () => {
  const stages = parseStages([
    { duration: '10s', rate: 20 },
    { duration: '20s', rate: 20 },
    { duration: '0s', rate: 50 },
    { duration: '5s', rate: 0 },
  ]);

  it('parses durations, a 0s stage being a jump, and adds them up', () => {
    expect(stages.map((s) => s.durationMs)).toEqual([10_000, 20_000, 0, 5000]);
    expect(stagesDurationMs(stages)).toBe(35_000);
    expect(peakRate(stages)).toBe(50);
  });

  it('ramps linearly from 0 to each stage’s rate, as k6’s ramping-arrival-rate', () => {
    expect(rateAt(stages, -500)).toBe(0);
    expect(rateAt(stages, 0)).toBe(0);
    expect(rateAt(stages, 5000)).toBe(10);
    expect(rateAt(stages, 10_000)).toBe(20);
    expect(rateAt(stages, 29_999)).toBeCloseTo(20);
    // The 0s stage jumps to 50, the last ramps it down to 0 in 5 s.
    expect(rateAt(stages, 30_000)).toBe(50);
    expect(rateAt(stages, 32_500)).toBe(25);
    expect(rateAt(stages, 40_000)).toBe(0);
  });

  it('shares a rate between connections as whole requests per second, never below 1', () => {
    expect([0, 1, 2].map((i) => connectionRate(10, 3, i))).toEqual([4, 3, 3]);
    expect([0, 1, 2].map((i) => connectionRate(1, 3, i))).toEqual([1, 1, 1]);
    expect(connectionRate(0, 2, 0)).toBe(1);
  });

  it('refuses stages that reach no rate, and a duration it does not understand', () => {
    expect(() => checkStages(parseStages([{ duration: '10s', rate: 0 }]), 'x.yaml')).toThrow(/reach no rate/);
    expect(() => parseStages([{ duration: 'ten seconds', rate: 5 }])).toThrow(/not understood/);
  });
});
