import { parisDay } from '../../spec/lib/index.ts';
import { choice } from './choice.ts';

/** Under which AISP a batch access is counted, from the AISP that calls (rule QTA-PER-TPP). */
export type QuotaHolder = (clientId: string) => string;

/** The key part of a counter every AISP of a PSU shares in the alternate bank. */
export const sharedQuotaHolder = '*';

/** What a TMRQ refusal explains in the sandbox's problem member, from the reference's explanation. */
export type TmrqExplanation = (
  explanation: Readonly<Record<string, unknown>>,
) => Record<string, unknown> | undefined;

/** The choices of the QTA family: what the batch quota counts where the seed leaves it open. */
export const qtaChoices = {
  // The seed counts per PSU (and account, and card): the reference splits each count per TPP, another
  // bank counts every TPP's batch access of the PSU together.
  'QTA-PER-TPP': choice<QuotaHolder>({
    reference: (clientId) => clientId,
    alternate: () => sharedQuotaHolder,
  }),
  // The counter of a batch access to a page: each page its own (following the pagination links is not
  // a new access of the first page), or none beyond the first page: another bank counts an access
  // once, on its first page, and never the pages it is paginated into.
  'QTA-PAGINATION-NOT-COUNTED': choice<(page: number) => number | 'not-counted'>({
    reference: (page) => page,
    alternate: (page) => (page > 1 ? 'not-counted' : page),
  }),
  // Whether a PSU-IP-Address header, as received, says the PSU is connected: only when it holds an
  // address, or whenever it is sent (an empty value supplied is still supplied).
  'QTA-EMPTY-PSU-IP-IS-BATCH': choice<(header: string | undefined) => boolean>({
    reference: (header) => header !== undefined && header !== '',
    alternate: (header) => header !== undefined,
  }),
  // A sandbox reset forgets the day's batch accesses with the rest, or keeps them: another sandbox
  // counts at its gateway, which a reset of the PSU's data does not touch.
  'QTA-SANDBOX-RESET-FORGETS': choice<(forgetQuotas: () => Promise<void>) => Promise<void>>({
    reference: (forgetQuotas) => forgetQuotas(),
    alternate: async () => undefined,
  }),
  // The sandbox's explanation of a TMRQ, or the code alone as the seed asks.
  'QTA-TMRQ-EXPLAINED-IN-SANDBOX': choice<TmrqExplanation>({
    reference: (explanation) => ({ ...explanation }),
    alternate: () => undefined,
  }),
  // The calendar day a batch access is counted in: the Paris day, or the UTC day.
  'QTA-PARIS-DAY': choice<(now: Date) => string>({
    reference: parisDay,
    alternate: (now) => now.toISOString().slice(0, 10),
  }),
} as const;
