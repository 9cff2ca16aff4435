import { contraryStatus, documentedStatuses, seedStatuses } from '../../spec/lib/index.ts';
import { requestHeader, type ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

/**
 * The status of every response, successes and errors alike (Schemathesis' status_code_conformance):
 *
 * - where the seed states the status of the operation (`spec/seed-statuses.yaml`: 201 for PUT
 *   /consents, always 501 for transactions/details, 405 for another method…), under the seed rule
 *   stating it: a status contrary to it fails;
 * - otherwise against the statuses the OpenAPI document lists (TRN-STATUS-DOCUMENTED, a choice: the
 *   documents are ours, so an undocumented status is advisory).
 *
 * The status the seed gives an error code (403 for BADS) is judged with the code (`ErrorCodeCheck`).
 */
export class StatusCheck implements TrafficCheck {
  check(view: ExchangeView): Finding[] {
    const path = view.url.pathname;
    const header = (name: string): string | undefined => requestHeader(view, name);
    const operation = `${view.method} ${view.template ?? path}`;
    const stated = seedStatuses(view.version, view.method, path, header);
    const contrary = contraryStatus({
      version: view.version,
      method: view.method,
      path,
      status: view.status,
      header,
    });
    const seed: Finding[] =
      stated === undefined
        ? []
        : contrary === undefined
          ? [
              pass(
                stated.rule,
                view,
                `${view.status} agrees with the seed's ${stated.statuses.join(' or ')} for ${operation}`,
              ),
            ]
          : [fail(contrary.rule, view, contrary.message, contrary.expected, view.status)];
    if (contrary !== undefined || view.template === undefined) return seed;
    const listed = documentedStatuses(view.version, view.method, path);
    if (listed === undefined) return seed;
    return [
      ...seed,
      listed.includes(view.status)
        ? pass('TRN-STATUS-DOCUMENTED', view, `${view.status} is documented for ${operation}`)
        : fail(
            'TRN-STATUS-DOCUMENTED',
            view,
            `${view.status} is not a status the ${view.version} OpenAPI document lists for ${operation}`,
            listed,
            view.status,
          ),
    ];
  }
}
