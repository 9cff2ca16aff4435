/**
 * Which findings are advisory: a check of a `choice` rule (our reading where the seed is silent) is
 * reported but fails a run only with `run --strict` (docs/verdicts.md). The basis of each rule comes
 * from `spec/rules.yaml`.
 */
import { getRule } from '../../spec/lib/index.ts';
import type { RuleRef } from '../report/model.ts';

/**
 * True when every rule of `ids` is a `choice` rule, or (against a `sandbox` host) a seed rule the seed
 * offers in live only: a finding on them is advisory. None: false.
 */
export function choiceOnly(ids: readonly string[], options: { sandbox?: boolean } = {}): boolean {
  return (
    ids.length > 0 &&
    ids.every((id) => {
      const rule = getRule(id);
      return rule?.basis.kind === 'choice' || (options.sandbox === true && rule?.liveOnly === true);
    })
  );
}

/** The report's reference to a rule: id, title, seed section and basis. */
export function ruleRef(id: string): RuleRef {
  const rule = getRule(id);
  return rule === undefined
    ? { id, title: id, section: '' }
    : { id, title: rule.title, section: rule.section, basis: rule.basis.kind };
}
