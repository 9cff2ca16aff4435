import type { HttpExchange, StetClient } from '../../harness/client/stet-client.ts';
import { TppClient } from '../../harness/client/tpp-client.ts';
import { httpJourneyDriver } from '../../harness/journeys/http-driver.ts';
import type { Target } from '../../harness/targets/target-definition.ts';
import { parseHostName, versionCalendar } from '../../spec/lib/index.ts';
import { isRecord } from '../har/har-access.ts';

function accessTokenOf(exchange: HttpExchange): string {
  const token =
    exchange.status === 200 && isRecord(exchange.json) ? exchange.json['access_token'] : undefined;
  if (typeof token !== 'string' || token === '')
    throw new Error(`the token endpoint answered ${exchange.status}`);
  return token;
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
  const psu = async (tpp: TppClient): Promise<{ identifier: string; otp: string } | undefined> => {
    const [name, persona] = Object.entries(target.personas)[0] ?? [];
    const sandbox =
      target.capabilities.includes('sandbox') &&
      target.institutions.find((i) => i.code === tpp.institution)?.sandbox !== false;
    if (sandbox) {
      const cloned = (await tpp.clonePsu(name ?? 'alice')).psu;
      if (cloned !== undefined) return cloned;
    }
    return persona?.identifier !== undefined && persona.otp !== undefined
      ? { identifier: persona.identifier, otp: persona.otp }
      : undefined;
  };
  const obtain = async (scope: string, institution: string): Promise<string> => {
    const tpp = new TppClient({ client, target, institution });
    if (scope === 'pisp') return accessTokenOf(await tpp.clientCredentials(scope));
    const who = await psu(tpp);
    if (who === undefined)
      throw new Error('the target has no sandbox to clone a PSU and no persona with an identifier and OTP');
    const { journey, exchange } = await tpp.login({ journeys: httpJourneyDriver(client), psu: who, scope });
    if (exchange === undefined)
      throw new Error(`the PSU journey ended without a code (${JSON.stringify(journey.callback)})`);
    return accessTokenOf(exchange);
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
