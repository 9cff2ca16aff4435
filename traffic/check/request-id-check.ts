import { requestHeader, responseHeader, type ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

/** The X-Request-ID of a request is echoed in its response, errors included. */
export class RequestIdCheck implements TrafficCheck {
  check(view: ExchangeView): Finding[] {
    const sent = requestHeader(view, 'x-request-id');
    // The journey pages and the token endpoint are not resource calls: the seed's header list does not apply.
    if (sent === undefined || view.isOAuth) return [];
    const rule = view.status >= 400 ? 'TRN-XREQUESTID-ECHO-ON-ERROR' : 'TRN-XREQUESTID-ECHO';
    const echoed = responseHeader(view, 'x-request-id');
    return echoed === sent
      ? [pass(rule, view, 'X-Request-ID echoed')]
      : [
          fail(
            rule,
            view,
            echoed === undefined
              ? 'the response has no X-Request-ID'
              : 'the response X-Request-ID differs from the request',
            sent,
            echoed ?? null,
          ),
        ];
  }
}
