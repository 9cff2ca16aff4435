import { describe, expect, it } from 'vitest';
import { parseIsoDuration } from '../../../../reference-aspsp/sandbox/iso-duration.ts';
import { parseClockBody, parseClonePsuBody } from '../../../../reference-aspsp/sandbox/sandbox-bodies.ts';

describe('parseIsoDuration', () => {
  it('reads weeks, days and times in milliseconds', () => {
    expect(parseIsoDuration('P1D')).toBe(86_400_000);
    expect(parseIsoDuration('P1W')).toBe(7 * 86_400_000);
    expect(parseIsoDuration('PT1H30M')).toBe(5_400_000);
    expect(parseIsoDuration('P180DT1S')).toBe(180 * 86_400_000 + 1000);
    expect(parseIsoDuration('PT0.5S')).toBe(500);
    expect(parseIsoDuration('-P1D')).toBe(-86_400_000);
  });

  it('refuses months, years and malformed text', () => {
    for (const bad of ['P1M', 'P1Y', 'P', 'PT', '1D', 'P1DT', 'P-1D', 'tomorrow'])
      expect(parseIsoDuration(bad)).toBeUndefined();
  });
});

describe('sandbox bodies', () => {
  it('reads a clone request and refuses anything else', () => {
    expect(parseClonePsuBody({ persona: 'alice' })).toEqual({ persona: 'alice', at: undefined });
    expect(parseClonePsuBody({ persona: 'erin', at: '2030-01-15T19:59:00Z' })).toEqual({
      persona: 'erin',
      at: new Date('2030-01-15T19:59:00Z'),
    });
    expect(parseClonePsuBody({ persona: 'erin', at: '2030-01-15' })).toBeUndefined();
    expect(parseClonePsuBody({ persona: 'erin', at: '2030-13-45T99:00:00Z' })).toBeUndefined();
    expect(parseClonePsuBody({ persona: 3 })).toBeUndefined();
    expect(parseClonePsuBody({ persona: 'alice', extra: true })).toBeUndefined();
    expect(parseClonePsuBody(['alice'])).toBeUndefined();
  });

  it('reads exactly one of travel or at', () => {
    expect(parseClockBody({ travel: 'P1D' })).toEqual({ travelMs: 86_400_000 });
    expect(parseClockBody({ at: '2025-09-28T00:00:00Z' })).toEqual({ at: new Date('2025-09-28T00:00:00Z') });
    expect(parseClockBody({ travel: 'P1D', at: '2025-09-28T00:00:00Z' })).toBeUndefined();
    expect(parseClockBody({ at: '2025-09-28' })).toBeUndefined();
    expect(parseClockBody({ travel: 'P1M' })).toBeUndefined();
    expect(parseClockBody({})).toBeUndefined();
  });
});
