/** How far from the base clock a PSU's clock may be moved, either way: a century. */
export const maxClockShiftMs = 100 * 365.25 * 86_400_000;

/**
 * True when a PSU time `target` (ms) is a valid instant within {@link maxClockShiftMs} of the base
 * time `base`. Checked before the offset is stored: `P9999999999W` once made an offset no Date can
 * represent, which answered 500 and left the PSU broken for every later call.
 */
export function withinClockRange(target: number, base: number): boolean {
  return Number.isFinite(target) && Math.abs(target - base) <= maxClockShiftMs;
}
