/**
 * The PSUs' phones of a reference started in live mode. A live host sends each PSU a random one-time
 * code (only the sandbox has a fixed one); the reference "sends" it as a line of its log. The selftest
 * passes the reference's log to an inbox and gives the inbox to the live target (`psuPhones`), so a
 * live case can complete a PSU journey the way a PSU with the phone would, with no back door into
 * the bank.
 */
import type { PsuPhones } from '../../harness/index.ts';

/**
 * The log line of a code sent by SMS (reference-aspsp/oauth/journey-flow.ts), after the request's
 * `[x-request-id] ` (reference-aspsp/server/pipeline.ts).
 */
const smsLine = /^(?:\[[^\]]*\] )?SMS to PSU (\S+) at (\S+): one-time code (\S+)$/;

/** The phones of one live reference: give {@link SmsInbox.receive} as its `log`. */
export class SmsInbox implements PsuPhones {
  readonly #lastCode = new Map<string, string>();
  readonly #held = new Map<string, Promise<unknown>>();

  /** Takes one line of the reference's log; lines other than a sent code are ignored. */
  readonly receive = (line: string): void => {
    const match = smsLine.exec(line);
    if (match === null) return;
    const [, psuId = '', institution = '', code = ''] = match;
    this.#lastCode.set(phoneKey({ institution, persona: psuId }), code);
  };

  /** Runs `use` once no other holder of the same phone runs (journeys of one PSU take turns). */
  async hold<T>(
    psu: { institution: string; persona: string },
    use: (lastCode: () => string | undefined) => Promise<T>,
  ): Promise<T> {
    const key = phoneKey(psu);
    const before = this.#held.get(key) ?? Promise.resolve();
    const mine = before.then(() => use(() => this.#lastCode.get(key)));
    // The next holder waits for this one, however it ends.
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    this.#held.set(key, settled);
    try {
      return await mine;
    } finally {
      if (this.#held.get(key) === settled) this.#held.delete(key);
    }
  }
}

/** A live reference's PSU id is its persona's name (reference-aspsp/data/seed-personas.ts). */
function phoneKey(psu: { institution: string; persona: string }): string {
  return `${psu.institution} ${psu.persona}`;
}
