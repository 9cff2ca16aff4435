import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import { putPsu } from '../../../reference-aspsp/data/psu-directory.ts';
import {
  startReference,
  type ReferenceAppOptions,
  type RunningReference,
} from '../../../reference-aspsp/index.ts';
import type { Domain } from '../../../reference-aspsp/server/domain.ts';
import type { RouteResponse } from '../../../reference-aspsp/server/route.ts';
import type { BearerContext } from '../../../reference-aspsp/server/request-context.ts';
import { PsuBrowser } from './psu-journey.ts';
import { ReferenceClient } from './reference-client.ts';

function echo(ctx: BearerContext): Promise<RouteResponse> {
  return Promise.resolve({
    status: 200,
    json: {
      psuId: ctx.auth.psuId,
      role: ctx.auth.role,
      scope: ctx.auth.scope,
      version: ctx.version,
      psuIpAddress: ctx.psuIpAddress ?? null,
      requestId: ctx.requestId,
      now: ctx.now().toISOString(),
      body: ctx.body ?? null,
    },
  });
}

/**
 * Probe resources of the core tests: one per role and a JSON-body one, so the pipeline (certificate,
 * Signature, Digest, token, role, body) is tested on its own, whatever the AIS routes do.
 */
export const probeDomain: Domain = {
  name: 'core-probe',
  routes: [
    {
      method: 'GET',
      path: '/stet/psd2/{version}/core-probe',
      versions: ['v1', 'v1.4.2', 'v1.6.2'],
      auth: 'bearer',
      role: 'aisp',
      handler: echo,
    },
    {
      method: 'POST',
      path: '/stet/psd2/{version}/core-probe',
      versions: ['v1.6.2'],
      auth: 'bearer',
      role: 'aisp',
      body: 'json',
      handler: echo,
    },
    {
      method: 'GET',
      path: '/stet/psd2/{version}/core-probe-cbpii',
      versions: ['v1.4.2'],
      auth: 'bearer',
      role: 'cbpii',
      handler: echo,
    },
  ],
};

/** The identifiers of the PSUs the core tests put in the directory. */
export const psus = {
  alice: { psuId: 'core-alice', identifier: 'alice-0001', persona: 'alice', status: 'active' },
  frank: { psuId: 'core-frank', identifier: 'frank-0001', persona: 'frank', status: 'terminated' },
} as const;

/** A started reference with the probe routes and two PSUs at every institution, plus its clients. */
export interface Core {
  readonly reference: RunningReference;
  readonly client: ReferenceClient;
  browser(host?: string): PsuBrowser;
  /** Runs the journey with consent and exchanges the code; returns the token response. */
  tokens(options?: {
    scope?: string;
    host?: string;
  }): Promise<{ access_token: string; refresh_token: string; scope: string }>;
  /** Runs the journey with consent and returns the code; `extra` adds authorize parameters (PKCE). */
  code(options?: {
    scope?: string;
    host?: string;
    state?: string;
    extra?: Record<string, string>;
  }): Promise<string>;
  /** Moves a PSU's clock forward. */
  travel(ms: number, psuId?: string, institution?: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts a reference for a test file. */
export async function startCore(options: ReferenceAppOptions = {}): Promise<Core> {
  const reference = await startReference({
    store: { kind: 'memory' },
    log: () => undefined,
    ...options,
    domains: [probeDomain],
  });
  const { store } = reference.app;
  await store.transaction(async (tx) => {
    for (const institution of reference.app.institutions) {
      await putPsu(tx, institution.code, psus.alice);
      await putPsu(tx, institution.code, psus.frank);
    }
  });
  const client = new ReferenceClient(reference);
  const tpp = reference.info.tpp;
  const browser = (host = client.host()): PsuBrowser => new PsuBrowser(client, host);
  async function code(
    options: { scope?: string; host?: string; state?: string; extra?: Record<string, string> } = {},
  ): Promise<string> {
    const b = browser(options.host);
    const page = await b.open({
      response_type: 'code',
      client_id: tpp.clientId,
      redirect_uri: tpp.redirectUri,
      scope: options.scope ?? 'aisp',
      state: options.state ?? 'st-1',
      login_hint: psus.alice.identifier,
      ...options.extra,
    });
    const consent = await b.submit(page, { otp: '12345678' });
    const end = PsuBrowser.redirectOf(await b.submit(consent, { decision: 'accept' }));
    const value = end?.searchParams.get('code');
    if (value === null || value === undefined) throw new Error('the journey gave no code');
    return value;
  }
  return {
    reference,
    client,
    browser,
    code,
    async tokens(options = {}) {
      const value = await code(options);
      const answer = await client.call({
        method: 'POST',
        path: '/stet/psd2/oauth/token',
        host: options.host,
        sign: false,
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: tpp.clientId,
          code: value,
          redirect_uri: tpp.redirectUri,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const json = answer.json;
      if (answer.status !== 200) throw new Error(`token exchange failed: ${answer.text}`);
      if (!isRecord(json)) throw new Error('bad token response');
      const { access_token: access, refresh_token: refresh, scope } = json;
      if (typeof access !== 'string' || typeof refresh !== 'string' || typeof scope !== 'string')
        throw new Error('bad token response');
      return { access_token: access, refresh_token: refresh, scope };
    },
    async travel(ms, psuId = psus.alice.psuId, institution = '10101') {
      await store.transaction((tx) => reference.app.clock.travel(tx, { institution, psuId }, ms));
    },
    async close() {
      await client.close();
      await reference.close();
    },
  };
}

/** Form body and headers of a token request. */
export function tokenForm(fields: Record<string, string>): {
  body: string;
  headers: Record<string, string>;
  sign: false;
  method: 'POST';
  path: string;
} {
  return {
    method: 'POST',
    path: '/stet/psd2/oauth/token',
    sign: false,
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
