import { randomBytes } from 'node:crypto';
import type { StetClient } from '../../harness/client/stet-client.ts';
import { parseClonedPsu } from '../../harness/client/cloned-psu.ts';
import { httpJourneyDriver } from '../../harness/journeys/http-driver.ts';
import { institutionHost, type Target } from '../../harness/targets/target-definition.ts';
import { parseHostName, versionCalendar } from '../../spec/lib/index.ts';
import { isRecord } from '../har/har-access.ts';

const tokenPath = '/stet/psd2/oauth/token';

function accessTokenOf(json: unknown): string | undefined {
  const token = isRecord(json) ? json['access_token'] : undefined;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/**
 * Fresh tokens from the target, one per scope and institution (cached), for the calls of a recording
 * whose token was issued before the recording started. `pisp`: the client-credentials token of the
 * TPP. Other scopes: a PSU's journey with the http driver and the code exchange; the PSU is a clone of
 * the target's first persona when the institution has the sandbox control API, else that persona's own
 * identifier and OTP. Undefined when the target cannot give one (the call then keeps its token), after
 * telling `warn` why.
 */
export function freshTokenSource(
  client: StetClient,
  target: Target,
  warn: (message: string) => void = () => undefined,
): (request: { scope: string; host: string }) => Promise<string | undefined> {
  const cache = new Map<string, Promise<string | undefined>>();
  const token = async (institution: string, form: Record<string, string>): Promise<string> => {
    const exchange = await client.send({
      institution,
      method: 'POST',
      path: tokenPath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      tpp: target.tpp,
      signing: undefined,
    });
    const issued = exchange.status === 200 ? accessTokenOf(exchange.json) : undefined;
    if (issued === undefined) throw new Error(`the token endpoint answered ${exchange.status}`);
    return issued;
  };
  const psu = async (institution: string): Promise<{ identifier: string; otp: string } | undefined> => {
    const [name, persona] = Object.entries(target.personas)[0] ?? [];
    const sandbox =
      target.capabilities.includes('sandbox') &&
      target.institutions.find((i) => i.code === institution)?.sandbox !== false;
    if (sandbox) {
      const cloned = parseClonedPsu(
        await client.send({
          institution,
          method: 'POST',
          path: '/sandbox/v1/psus',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ persona: name ?? 'alice' }),
          tpp: target.tpp,
          signing: undefined,
        }),
      );
      if (cloned !== undefined) return cloned;
    }
    return persona?.identifier !== undefined && persona.otp !== undefined
      ? { identifier: persona.identifier, otp: persona.otp }
      : undefined;
  };
  const obtain = async (scope: string, institution: string): Promise<string> => {
    const tpp = target.tpp;
    if (scope === 'pisp')
      return token(institution, { grant_type: 'client_credentials', client_id: tpp.clientId, scope });
    const who = await psu(institution);
    if (who === undefined)
      throw new Error('the target has no sandbox to clone a PSU and no persona with an identifier and OTP');
    const authorize = new URL(`https://${institutionHost(target, institution)}/stet/psd2/oauth/authorize`);
    for (const [name, value] of Object.entries({
      response_type: 'code',
      client_id: tpp.clientId,
      redirect_uri: tpp.redirectUri,
      scope,
      state: randomBytes(8).toString('hex'),
    }))
      authorize.searchParams.set(name, value);
    const journey = await httpJourneyDriver(client).run({
      institution,
      authorizeUrl: authorize.href,
      redirectUri: tpp.redirectUri,
      identifier: who.identifier,
      otp: who.otp,
      outcome: 'consent',
      travel: undefined,
    });
    const code = journey.callback['code'];
    if (code === undefined)
      throw new Error(`the PSU journey ended without a code (${JSON.stringify(journey.callback)})`);
    return token(institution, {
      grant_type: 'authorization_code',
      client_id: tpp.clientId,
      code,
      redirect_uri: tpp.redirectUri,
    });
  };
  return ({ scope, host }) => {
    const institution = parseHostName(versionCalendar(), host)?.code ?? target.institutions[0]?.code ?? '';
    const key = `${scope}@${institution}`;
    let known = cache.get(key);
    if (known === undefined) {
      known = obtain(scope, institution).catch((error: unknown) => {
        warn(
          `no fresh ${scope} token at ${institution}: ${error instanceof Error ? error.message : String(error)}`,
        );
        return undefined;
      });
      cache.set(key, known);
    }
    return known;
  };
}
