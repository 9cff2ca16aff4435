/**
 * A full AIS session of one sandbox PSU, driven with the harness's own client and http journey driver
 * against any target (the reference through the recording proxy, or a replay of the recording).
 * Each step's status and error code is the session's verdict; a replay must give the same.
 */
import { StetClient, type HttpExchange } from '../../../harness/client/stet-client.ts';
import { httpJourneyDriver } from '../../../harness/journeys/http-driver.ts';
import { SecretSet } from '../../../harness/report/secret-set.ts';
import type { Target } from '../../../harness/targets/target-definition.ts';
import { TppClient } from '../../../harness/client/tpp-client.ts';
import { field, text, verdictOf, type Verdicts } from './session-json.ts';

export type { Verdicts } from './session-json.ts';

/** Runs the session and returns its verdicts and the values a test checks for leaks. */
export async function runAisSession(
  target: Target,
  today: string,
): Promise<{ verdicts: Verdicts; secrets: string[] }> {
  const client = new StetClient(target, new SecretSet());
  const institution = '10101';
  const tpp = new TppClient({ client, target, institution });
  const verdicts: Verdicts = [];
  const signing = { headers: ['(request-target)', 'date', 'digest', 'x-request-id'] };
  const note = (step: string, exchange: HttpExchange): HttpExchange => {
    verdicts.push(verdictOf(step, exchange));
    return exchange;
  };
  try {
    const cloned = await tpp.clonePsu('alice');
    note('clone alice', cloned.exchange);
    const identifier = text(cloned.psu?.identifier);
    const otp = text(cloned.psu?.otp);
    const login = await tpp.login({
      journeys: httpJourneyDriver(client),
      psu: { identifier, otp },
      scope: 'aisp',
    });
    const code = login.journey.callback['code'] ?? '';
    const token = note('token', login.exchange ?? (await tpp.exchangeCode({ code })));
    const accessToken = text(field(token.json, 'access_token'));
    const ais = async (step: string, method: string, path: string, body?: unknown): Promise<HttpExchange> =>
      note(
        step,
        await tpp.resource({
          method,
          path,
          token: accessToken,
          body: body === undefined ? undefined : JSON.stringify(body),
          headers: { 'psu-ip-address': '198.51.100.7' },
          signing,
        }),
      );
    const before = await ais('accounts before consent', 'GET', '/stet/psd2/v1.4.2/accounts');
    const first = text(field(before.json, 'accounts', 0, 'accountId', 'iban'));
    const other = field(before.json, 'accounts', 1, 'resourceId');
    await ais('consent', 'PUT', '/stet/psd2/v1.4.2/consents', {
      balances: [{ iban: first }],
      transactions: [{ iban: first }],
      trustedBeneficiaries: false,
      psuIdentity: false,
    });
    const after = await ais('accounts after consent', 'GET', '/stet/psd2/v1.4.2/accounts');
    const balances = text(field(after.json, 'accounts', 0, '_links', 'balances', 'href'));
    const transactions = text(field(after.json, 'accounts', 0, '_links', 'transactions', 'href'));
    await ais('balances', 'GET', balances);
    const from = new Date(Date.parse(today) - 30 * 86_400_000).toISOString().slice(0, 10);
    await ais(
      'transactions',
      'GET',
      `${transactions}${transactions.includes('?') ? '&' : '?'}dateFrom=${from}&dateTo=${today}`,
    );
    if (typeof other === 'string')
      await ais('balances of a non-consented account', 'GET', `/stet/psd2/v1.4.2/accounts/${other}/balances`);
    return { verdicts, secrets: [accessToken, code, identifier, first] };
  } finally {
    await client.close();
  }
}
