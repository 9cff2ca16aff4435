import { listRules, type ApiVersion } from '../../spec/lib/index.ts';
import { escapeRegExp } from '../../lib/escape-reg-exp.ts';

/**
 * The rules of `spec/rules.yaml` that name an error code in their title ("… is refused AC06", "… a second
 * exchange is invalid_grant") and apply to `version`: the rules a recorded refusal with that code
 * enforced, so a target that answers otherwise is told which rule it breaks.
 */
export function refusalRules(code: string, version: ApiVersion | undefined): string[] {
  const word = new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(code)}([^A-Za-z0-9_]|$)`);
  return listRules()
    .filter((rule) => (version === undefined || rule.versions.includes(version)) && word.test(rule.title))
    .map((rule) => rule.id);
}
