import { isRecord } from '../har/har-access.ts';
import type { ExchangeView } from './exchange-view.ts';
import { fail, pass, type Finding, type TrafficCheck } from './finding.ts';

/** The fields of a successful token response: token_type Bearer, expires_in 3600, and the required fields. */
export class TokenCheck implements TrafficCheck {
  check(view: ExchangeView): Finding[] {
    if (!view.url.pathname.endsWith('/oauth/token') || view.method !== 'POST' || view.status !== 200)
      return [];
    const body = view.responseJson;
    if (!isRecord(body))
      return [
        fail(
          'TOK-RESPONSE-FIELDS',
          view,
          'the token response is not a JSON object',
          'a token response',
          view.responseText ?? null,
        ),
      ];
    const findings: Finding[] = [];
    const missing = ['access_token', 'token_type', 'expires_in', 'scope'].filter(
      (field) => body[field] === undefined,
    );
    findings.push(
      missing.length === 0
        ? pass('TOK-RESPONSE-FIELDS', view, 'the token response has its fields')
        : fail(
            'TOK-RESPONSE-FIELDS',
            view,
            `the token response lacks ${missing.join(', ')}`,
            ['access_token', 'token_type', 'expires_in', 'scope'],
            Object.keys(body),
          ),
    );
    const type = body['token_type'];
    findings.push(
      typeof type === 'string' && type.toLowerCase() === 'bearer'
        ? pass('TOK-TOKEN-TYPE-BEARER', view, 'token_type is Bearer')
        : fail('TOK-TOKEN-TYPE-BEARER', view, 'token_type is not Bearer', 'Bearer', type ?? null),
    );
    const expires = body['expires_in'];
    findings.push(
      Number(expires) === 3600
        ? pass('TOK-EXPIRES-IN-3600', view, 'expires_in is 3600')
        : fail('TOK-EXPIRES-IN-3600', view, 'expires_in is not 3600 seconds', 3600, expires ?? null),
    );
    return findings;
  }
}
