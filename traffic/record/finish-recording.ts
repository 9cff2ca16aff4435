import type { Har, HarEntry } from '../har/har.ts';
import { redactHar } from '../redact/redact-har.ts';
import { verifyRedaction } from '../redact/verify-redaction.ts';
import { TrafficError } from '../traffic-error.ts';

/** What {@link finishRecording} produced. */
export interface FinishedRecording {
  har: Har;
  /** Number of distinct secret values replaced (0 when not redacted). */
  secretsReplaced: number;
}

/**
 * Turns the recorded exchanges into the HAR to write: redacted by default, then verified. When the
 * verification pass finds any secret of the session left in the output, it throws
 * `ERR_REDACTION_LEAK` (naming where, never the value) and nothing may be written.
 */
export function finishRecording(
  entries: readonly HarEntry[],
  options: { redact: boolean; toolVersion: string },
): FinishedRecording {
  const har: Har = {
    log: {
      version: '1.2',
      creator: { name: 'stet-harness record', version: options.toolVersion },
      entries: [...entries],
      ...(options.redact ? {} : { comment: 'NOT REDACTED: contains tokens, codes, PSU data. Do not share.' }),
    },
  };
  if (!options.redact) return { har, secretsReplaced: 0 };
  const { har: redacted, book } = redactHar(har);
  const leaks = verifyRedaction(redacted, book);
  if (leaks.length > 0) {
    const where = leaks
      .slice(0, 5)
      .map((l) => `entry ${l.entry} (${l.where})`)
      .join(', ');
    throw new TrafficError(
      'ERR_REDACTION_LEAK',
      `redaction left ${leaks.length} secret(s) in the recording: ${where}; nothing was written`,
      {
        hint: 'this is a bug of the redaction rules; report it with the kind of exchange named above',
      },
    );
  }
  return { har: redacted, secretsReplaced: book.size };
}
