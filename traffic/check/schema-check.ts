import { responseRule, responseValidator, type ValidationIssue } from '../../spec/lib/index.ts';
import type { ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

/**
 * The rule a response body is judged under as a whole where its schema names none (`x-rule`): the
 * error body rules for errors, the rule that states the resource's body, else that responses are JSON.
 */
export function schemaRule(view: ExchangeView): string {
  if (view.status >= 400) return view.isOAuth ? 'ERR-OAUTH-BODY' : 'ERR-STET-BODY';
  const template = view.template ?? view.url.pathname;
  if (view.isOAuth) return 'TOK-RESPONSE-FIELDS';
  if (template.endsWith('/accounts')) return 'AIS-ACC-200';
  if (template.endsWith('/balances')) return 'AIS-BAL-200';
  if (template.endsWith('/transactions')) return 'AIS-TRX-200';
  if (template.endsWith('/overdrafts')) return 'AIS-OTH-OVERDRAFTS';
  if (template.endsWith('/owners') || template.endsWith('/end-user-identity'))
    return 'AIS-OTH-RECORDS-OF-THE-REFERENCE';
  if (template.endsWith('/funds-confirmations')) return 'CBP-RESPONSE-200';
  return 'TRN-JSON-RESPONSES';
}

/** The schema errors of a body by the rule that owns each field, in the order first met. */
function byRule(issues: readonly ValidationIssue[], fallback: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const issue of issues) {
    const rule = issue.rule ?? fallback;
    groups.set(rule, [...(groups.get(rule) ?? []), issue.message]);
  }
  return groups;
}

/**
 * Every response with a documented JSON body is validated against the schema of its version, path and
 * status, and every error of the body is reported under the rule that owns its field (`x-rule` in
 * `spec/source/components.yaml`): a missing `transactions` array under AIS-TRX-200, a status out of
 * the list under AIS-TRX-STATUS-ENUM, a field the error body lacks under ERR-STET-BODY (a choice).
 */
export class SchemaCheck implements TrafficCheck {
  check(view: ExchangeView): Finding[] {
    const path = view.url.pathname;
    const validate = responseValidator(view.version, view.method, path, view.status);
    if (validate === undefined) return [];
    const rule = responseRule(view.version, view.method, path, view.status) ?? schemaRule(view);
    if (view.responseJson === undefined) {
      if (view.responseText === undefined || view.responseText === '')
        return [
          fail(
            rule,
            view,
            `the ${view.status} response has no body; the spec documents a JSON body`,
            'a JSON body',
            'no body',
          ),
        ];
      return [
        fail(
          rule,
          view,
          `the ${view.status} response body is not JSON`,
          'a JSON body',
          view.responseText.slice(0, 200),
        ),
      ];
    }
    const result = validate(view.responseJson);
    if (result.valid)
      return [pass(rule, view, `the ${view.status} response matches the ${view.version} schema`)];
    return [...byRule(result.issues, rule)].map(([owner, errors]) =>
      fail(
        owner,
        view,
        `the ${view.status} response does not match the ${view.version} schema: ${errors.join('; ')}`,
        'the schema of the spec',
        errors,
      ),
    );
  }
}
