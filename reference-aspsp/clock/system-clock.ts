import type { StoreTx } from '../store/index.ts';
import type { Clock, PsuRef } from './clock.ts';

/** Collection of per-PSU clock offsets: key `<institution>:<psuId>`, value `{ offsetMs }`. */
export const clockOffsetsCollection = 'clock-offsets';

/** Where the base clock starts: the system time, or a fixed instant advancing in real time from start. */
export type ClockBase = { kind: 'system' } | { kind: 'fixed'; start: Date };

/**
 * Creates the reference's {@link Clock}.
 *
 * `elapsed` measures real time since creation (injectable so unit tests can step it); a fixed base
 * advances with it, so `--clock 2025-09-27T23:59:00Z` becomes the 28th a minute after start, as a
 * real bank would.
 */
export function createClock(base: ClockBase, elapsed: () => number = monotonicSince()): Clock {
  const now = base.kind === 'system' ? () => new Date() : () => new Date(base.start.getTime() + elapsed());
  async function psuOffset(tx: StoreTx, psu: PsuRef): Promise<number> {
    return parseOffset(await tx.get(clockOffsetsCollection, offsetKey(psu)));
  }
  async function setOffset(tx: StoreTx, psu: PsuRef, offsetMs: number): Promise<Date> {
    await tx.put(clockOffsetsCollection, offsetKey(psu), { offsetMs });
    return new Date(now().getTime() + offsetMs);
  }
  return {
    now,
    psuOffset,
    async psuNow(tx, psu) {
      return new Date(now().getTime() + (await psuOffset(tx, psu)));
    },
    async setPsuTime(tx, psu, at) {
      return setOffset(tx, psu, at.getTime() - now().getTime());
    },
    async travel(tx, psu, ms) {
      return setOffset(tx, psu, (await psuOffset(tx, psu)) + ms);
    },
    async resetPsu(tx, psu) {
      await tx.delete(clockOffsetsCollection, offsetKey(psu));
    },
  };
}

/** Store key of a PSU's offset. */
export function offsetKey(psu: PsuRef): string {
  return `${psu.institution}:${psu.psuId}`;
}

function parseOffset(value: unknown): number {
  if (typeof value !== 'object' || value === null || !('offsetMs' in value)) return 0;
  const offset = value.offsetMs;
  return typeof offset === 'number' && Number.isFinite(offset) ? offset : 0;
}

function monotonicSince(): () => number {
  const start = performance.now();
  return () => Math.floor(performance.now() - start);
}
