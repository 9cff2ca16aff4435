import { getRule, lookupError } from '../../spec/lib/index.ts';
import { isRecord } from '../har/har-access.ts';
import type { ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

/** The code of an error body: `message` of the STET ErrorModel, `error` of an RFC 6749 body. */
export function errorCodeOf(view: ExchangeView): string | undefined {
  if (!isRecord(view.responseJson)) return undefined;
  const field = view.isOAuth ? view.responseJson['error'] : view.responseJson['message'];
  return typeof field === 'string' ? field : undefined;
}

/**
 * Every error response carries a catalogue code (`spec/errors.yaml`) with one of the statuses the
 * catalogue gives that code. A status mismatch is reported under the code's own rule
 * (`ERR-<status>-<code>`) when the catalogue has one.
 */
export class ErrorCodeCheck implements TrafficCheck {
  check(view: ExchangeView): Finding[] {
    // 501 for transactions/details and trusted-beneficiaries carries no code in the seed.
    if (view.status < 400 || view.status === 501) return [];
    const code = errorCodeOf(view);
    if (code === undefined)
      return [
        fail(
          'ERR-CODE-CARRIED',
          view,
          `the ${view.status} response carries no error code`,
          'a catalogue code',
          view.responseText?.slice(0, 200) ?? null,
        ),
      ];
    const entry = lookupError(code);
    if (entry === undefined)
      return [
        fail('ERR-CODE-CARRIED', view, `${code} is not a code of the catalogue`, 'a catalogue code', code),
      ];
    const statuses = [...new Set([entry.httpStatus, ...entry.contexts.map((c) => c.httpStatus)])];
    const own = [
      `ERR-${entry.httpStatus}-${entry.code}`,
      ...statuses.map((s) => `ERR-${s}-${entry.code}`),
    ].find((id) => getRule(id) !== undefined);
    const rule = own ?? 'ERR-CODE-CARRIED';
    return statuses.includes(view.status)
      ? [pass(rule, view, `${code} with status ${view.status}`)]
      : [
          fail(
            rule,
            view,
            `${code} answered with status ${view.status}; the catalogue gives ${statuses.join(' or ')}`,
            statuses,
            view.status,
          ),
        ];
  }
}
