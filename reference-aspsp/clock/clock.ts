import type { StoreTx } from '../store/index.ts';

/**
 * Whose time a rule reads: the reference keeps one offset per PSU so that time travel of one test case
 * never disturbs another (docs/contracts.md §5).
 */
export interface PsuRef {
  readonly institution: string;
  readonly psuId: string;
}

/**
 * The one injectable clock every time rule reads (design: "One clock").
 *
 * `now()` is the base time: the system time, or a fixed start instant advancing in real time from the
 * moment the server started (`serve --clock <ISO instant>`). A PSU's time is the base plus the PSU's
 * offset, kept in the store (collection `clock-offsets`, key `<institution>:<psuId>`, value: offset in
 * milliseconds) so it survives restarts and is shared by instances on one PostgreSQL database.
 */
export interface Clock {
  /** The base time. */
  now(): Date;
  /** The PSU's offset in milliseconds (0 when never set). */
  psuOffset(tx: StoreTx, psu: PsuRef): Promise<number>;
  /** The PSU's current time. */
  psuNow(tx: StoreTx, psu: PsuRef): Promise<Date>;
  /** Sets the PSU's offset so that its time is `at` now; returns the PSU's new time. */
  setPsuTime(tx: StoreTx, psu: PsuRef, at: Date): Promise<Date>;
  /** Moves the PSU's time forward by `ms` (negative moves back); returns the PSU's new time. */
  travel(tx: StoreTx, psu: PsuRef, ms: number): Promise<Date>;
  /** Removes the PSU's offset (a reset PSU lives at the base time again). */
  resetPsu(tx: StoreTx, psu: PsuRef): Promise<void>;
}
