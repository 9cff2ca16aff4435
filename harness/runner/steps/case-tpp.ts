import { TppClient } from '../../client/tpp-client.ts';
import type { CaseContext } from '../case-context.ts';

/** The case's TPP (or an alternate TPP of the target) at the case's institution, on the run's client. */
export function caseTpp(ctx: CaseContext, tpp: CaseContext['tpp'] = ctx.tpp): TppClient {
  return new TppClient({
    client: ctx.client,
    target: ctx.target,
    institution: ctx.institution.code,
    tpp,
  });
}
