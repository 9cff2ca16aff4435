import { formOf, isRecord } from '../har/har-access.ts';
import { requestHeader, responseHeader, type ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

const base = 'https://placeholder.invalid';

/**
 * The PISP rules that tie exchanges together, judged from what the file showed earlier: the
 * confirmation is refused with the first token (the client-credentials one) and served only with the
 * second; GET of a payment request answers only the X-Request-ID of its initiation.
 */
export class PaymentFlowCheck implements TrafficCheck {
  /** Access token → the grant that issued it. */
  private readonly grants = new Map<string, string>();
  /** Payment request path → X-Request-ID of its initiation. */
  private readonly initiations = new Map<string, string>();

  check(view: ExchangeView): Finding[] {
    const template = view.template ?? '';
    if (view.isOAuth && template.endsWith('/oauth/token') && view.status === 200) {
      const grant = formOf(view.entry.request.postData).get('grant_type');
      const token = isRecord(view.responseJson) ? view.responseJson['access_token'] : undefined;
      if (grant !== undefined && typeof token === 'string') this.grants.set(token, grant);
      return [];
    }
    if (view.method === 'POST' && template.endsWith('/payment-requests') && view.status === 201) {
      const location = responseHeader(view, 'location');
      const id = requestHeader(view, 'x-request-id');
      if (location !== undefined && id !== undefined && URL.canParse(location, base))
        this.initiations.set(new URL(location, base).pathname, id);
      return [];
    }
    if (view.method === 'POST' && /\/(o-)?confirmation$/.test(template)) return this.confirmation(view);
    if (view.method === 'GET' && template.endsWith('/payment-requests/{paymentRequestResourceId}'))
      return this.statusRead(view);
    return [];
  }

  private confirmation(view: ExchangeView): Finding[] {
    const bearer = /^Bearer\s+(\S+)$/i.exec(requestHeader(view, 'authorization') ?? '')?.[1];
    if (bearer === undefined || this.grants.get(bearer) !== 'client_credentials') return [];
    const rule = 'PIS-CONFIRMATION-NEEDS-SECOND-TOKEN';
    return view.status >= 400
      ? [
          pass(
            rule,
            view,
            `the confirmation with the first (client-credentials) token is refused ${view.status}`,
          ),
        ]
      : [
          fail(
            rule,
            view,
            `the confirmation with the first (client-credentials) token is answered ${view.status}`,
            'a refusal',
            view.status,
          ),
        ];
  }

  private statusRead(view: ExchangeView): Finding[] {
    const initiation = this.initiations.get(view.url.pathname);
    const sent = requestHeader(view, 'x-request-id');
    if (initiation === undefined || sent === undefined) return [];
    const rule = 'PIS-GET-SAME-X-REQUEST-ID';
    if (sent !== initiation)
      return view.status >= 400
        ? [pass(rule, view, `another X-Request-ID than the initiation's is refused ${view.status}`)]
        : [
            fail(
              rule,
              view,
              `another X-Request-ID than the initiation's is answered ${view.status}`,
              'a refusal',
              view.status,
            ),
          ];
    return view.status === 200
      ? [pass(rule, view, "the initiation's X-Request-ID is served")]
      : [fail(rule, view, `the initiation's X-Request-ID is answered ${view.status}`, 200, view.status)];
  }
}
