/**
 * The `manual` journey driver: prints the authorize URL for a person to open, then waits for the
 * callback on the local listener. For banks whose pages no script should drive.
 */
import type { CallbackListener } from './callback-listener.ts';
import { isCodedError } from '../../lib/coded-error.ts';
import { JourneyError, type JourneyDriver, type JourneyInput, type JourneyResult } from './journey-driver.ts';

/** How long a person has to go through the pages. */
const manualTimeoutMs = 10 * 60_000;

/** A manual driver writing instructions to `out` (stderr by default). */
export function manualJourneyDriver(
  listener: () => Promise<CallbackListener>,
  out: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): JourneyDriver {
  return {
    async run(input: JourneyInput): Promise<JourneyResult> {
      const callback = await listener();
      out(
        `\nPSU journey (${input.outcome}) at institution ${input.institution}: open this URL and go through the pages:`,
      );
      out(`  ${input.authorizeUrl}`);
      out(`waiting for the callback on ${input.redirectUri} …`);
      try {
        return { callback: await callback.next(manualTimeoutMs), exchanges: [] };
      } catch (error) {
        // The bank never sent the PSU back to redirect_uri: its journey's failure, not the harness's.
        if (!isCodedError(error) || error.code !== 'ERR_CALLBACK_TIMEOUT') throw error;
        throw new JourneyError({
          message: `the bank never called redirect_uri ${input.redirectUri}: ${error.message}`,
          exchanges: [],
        });
      }
    },
  };
}
