import { choice } from './choice.ts';

/**
 * Under which AISP a consent is kept, from the AISP that calls: its own (one consent per AISP), or
 * one shared by every AISP of the PSU (rule CNS-PER-TPP).
 */
export type ConsentHolder = (clientId: string) => string;

/** The key part of a consent every AISP of a PSU shares in the alternate bank. */
export const sharedConsentHolder = '*';

/** The choices of the CNS family: whose consent a PUT /consents records. */
export const cnsChoices = {
  // The seed keeps tokens per PSU, TPP and role and says nothing of whose consent it is: another bank
  // keeps one consent per PSU, replaced by the latest PUT /consents of any AISP.
  'CNS-PER-TPP': choice<ConsentHolder>({
    reference: (clientId) => clientId,
    alternate: () => sharedConsentHolder,
  }),
  // A consent naming an IBAN that is not the PSU's: refused 403 (nothing recorded), or recorded for
  // the PSU's own accounts, the foreign IBAN left out.
  'CNS-FOREIGN-IBAN-NOT-RECORDED': choice<'refused' | 'left-out'>({
    reference: 'refused',
    alternate: 'left-out',
  }),
} as const;
