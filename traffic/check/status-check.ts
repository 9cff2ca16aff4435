import { documentedStatuses } from '../../spec/lib/index.ts';
import type { ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

/**
 * Every response of an operation has a status its OpenAPI document lists for that operation
 * (Schemathesis' status_code_conformance): successes and errors alike, so every attributed exchange
 * is judged at least once.
 */
export class StatusCheck implements TrafficCheck {
  check(view: ExchangeView): Finding[] {
    if (view.template === undefined) return [];
    const listed = documentedStatuses(view.version, view.method, view.url.pathname);
    if (listed === undefined) return [];
    const operation = `${view.method} ${view.template}`;
    return listed.includes(view.status)
      ? [pass('TRN-STATUS-DOCUMENTED', view, `${view.status} is documented for ${operation}`)]
      : [
          fail(
            'TRN-STATUS-DOCUMENTED',
            view,
            `${view.status} is not a status the ${view.version} OpenAPI document lists for ${operation}`,
            listed,
            view.status,
          ),
        ];
  }
}
