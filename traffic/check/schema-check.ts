import { responseValidator } from '../../spec/lib/index.ts';
import type { ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

/**
 * The rule a response schema deviation is reported under: the rule that states the resource's shape
 * where the catalogue has one, the error body rules for errors, else that responses are JSON.
 */
export function schemaRule(view: ExchangeView): string {
  if (view.status >= 400) return view.isOAuth ? 'ERR-OAUTH-BODY' : 'ERR-STET-BODY';
  const template = view.template ?? view.url.pathname;
  if (view.isOAuth) return 'TOK-RESPONSE-FIELDS';
  if (template.endsWith('/accounts')) return 'AIS-ACC-SHAPE';
  if (template.endsWith('/balances')) return 'AIS-BAL-TYPE-ENUM';
  if (template.endsWith('/transactions')) return 'AIS-TRX-STATUS-ENUM';
  if (template.endsWith('/overdrafts')) return 'AIS-OTH-OVERDRAFTS';
  if (template.endsWith('/owners')) return 'AIS-OTH-OWNERS';
  if (template.endsWith('/end-user-identity')) return 'AIS-OTH-IDENTITY-NAMES';
  if (template.endsWith('/funds-confirmations')) return 'CBP-RESPONSE-RESULT';
  if (template.includes('/payment-requests')) return 'PIS-PAYMENT-REQUEST-SHAPE';
  return 'TRN-JSON-RESPONSES';
}

/** Every response with a documented JSON body is validated against the schema of its version, path and status. */
export class SchemaCheck implements TrafficCheck {
  check(view: ExchangeView): Finding[] {
    const validate = responseValidator(view.version, view.method, view.url.pathname, view.status);
    if (validate === undefined) return [];
    const rule = schemaRule(view);
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
    return result.valid
      ? [pass(rule, view, `the ${view.status} response matches the ${view.version} schema`)]
      : [
          fail(
            rule,
            view,
            `the ${view.status} response does not match the ${view.version} schema: ${result.errors.slice(0, 3).join('; ')}`,
            'the schema of the spec',
            result.errors,
          ),
        ];
  }
}
