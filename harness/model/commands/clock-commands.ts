/**
 * Clock commands: a PSU's sandbox clock moved by a duration (within or past a token's hour, a day,
 * past 35, 90 or 180 days) or to a Paris wall-clock time just before or after midnight (where the
 * Paris and the UTC calendar days part: the seed's "calendar day" names neither). Every move starts a
 * new epoch: transactions learnt before are stale.
 */
import fc from 'fast-check';
import { addDays, parisDay, parisInstant } from '../../../spec/lib/index.ts';
import type { ModelState } from '../model-state.ts';
import { prepare, psuIndex, psuAt, type ModelCommand, type ModelReal } from './context.ts';

/** The durations a clock jump takes (ISO 8601). */
export const jumps = ['PT1800S', 'PT3601S', 'P1D', 'P36D', 'P91D', 'P181D'] as const;

class Travel implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly by: string,
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    await prepare(model, real, this.psu);
    await psuAt(real.psus, this.psu).moveClock({ travel: this.by });
    psuAt(model.psus, this.psu).epoch += 1;
  }
  toString(): string {
    return `Travel(psu${this.psu} ${this.by})`;
  }
}

/** A Paris wall-clock time around midnight: 23:40 of the PSU's day, or 00:20 of the next. */
class TravelToParis implements ModelCommand {
  constructor(
    readonly psu: number,
    readonly time: '23:40' | '00:20',
  ) {}
  check(): boolean {
    return true;
  }
  async run(model: ModelState, real: ModelReal): Promise<void> {
    await prepare(model, real, this.psu);
    const session = psuAt(real.psus, this.psu);
    const now = session.now();
    const today = parisDay(new Date(now.hi));
    const [hour, minute] = this.time === '23:40' ? [23, 40] : [0, 20];
    let at = parisInstant(this.time === '23:40' ? today : addDays(today, 1), hour, minute);
    // Only forward: a time already passed is taken on the next day.
    if (at.getTime() <= now.hi) at = parisInstant(addDays(parisDay(at), 1), hour, minute);
    await session.moveClock({ at: at.toISOString() });
    psuAt(model.psus, this.psu).epoch += 1;
  }
  toString(): string {
    return `TravelToParis(psu${this.psu} ${this.time})`;
  }
}

/** Clock jumps by a duration. */
export const travel = fc.tuple(psuIndex, fc.constantFrom(...jumps)).map(([p, by]) => new Travel(p, by));
/** Clock jumps to a Paris time around midnight. */
export const travelToParis = fc
  .tuple(psuIndex, fc.constantFrom<'23:40' | '00:20'>('23:40', '00:20'))
  .map(([p, time]) => new TravelToParis(p, time));
