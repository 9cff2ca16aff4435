import { lookupError, seedStatusOfCode } from '../../spec/lib/index.ts';
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
 * catalogue gives that code. A status mismatch is reported under the seed rule stating the code's
 * status (`ERR-<status>-<code>`) where the seed gives one (`statusIsChoice: false`), else under
 * ERR-STATUS-OF-CODE, a choice: the seed shows no status for the code, so another is advisory.
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
    // The seed's status for the code, under the seed rule stating it; else the status is our choice.
    const rule = seedStatusOfCode(entry.code)?.rule ?? 'ERR-STATUS-OF-CODE';
    const carried = pass('ERR-CODE-CARRIED', view, `carries the catalogue code ${code}`);
    return statuses.includes(view.status)
      ? [carried, pass(rule, view, `${code} with status ${view.status}`)]
      : [
          carried,
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
