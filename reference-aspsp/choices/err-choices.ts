import { choice } from './choice.ts';

/**
 * The `Allow` header of a `405 NIMP` from the methods the path serves, or undefined for none
 * (rule ERR-405-ALLOW).
 */
export type AllowHeader = (methods: readonly string[]) => string | undefined;

/** The choices of the ERR family: error bodies, statuses and codes the seed does not show. */
export const errChoices = {
  // RFC 9110's Allow; a bank that sends none still answers the seed's 405 NIMP.
  'ERR-405-ALLOW': choice<AllowHeader>({
    reference: (methods) => methods.join(', '),
    alternate: () => undefined,
  }),
} as const;
