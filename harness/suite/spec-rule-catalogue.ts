/**
 * The rule catalogue of `spec/rules.yaml` as the suite checker sees it: which ids exist, and which
 * rules no call of the API can check (`check: manual`).
 */
import { getRule } from '../../spec/lib/index.ts';
import type { RuleCatalogue } from './check-suite.ts';

/** The catalogue of `spec/rules.yaml`, for `loadSuites` and `parseSuite`. */
export const specRuleCatalogue: RuleCatalogue = {
  has: (id) => getRule(id) !== undefined,
  manualReason(id) {
    const check = getRule(id)?.check;
    return check?.kind === 'manual' ? check.reason : undefined;
  },
  basisOf: (id) => getRule(id)?.basis.kind,
};
