import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import {
  startReference,
  type ReferenceAppOptions,
  type RunningReference,
} from '../../../reference-aspsp/index.ts';
import { responseValidator, type ApiVersion } from '../../../spec/lib/index.ts';
import { PsuBrowser } from '../reference-core/psu-journey.ts';
import { ReferenceClient, type Answer } from '../reference-core/reference-client.ts';

/** A PSU cloned for one test, with an AISP access token of the demo TPP. */
export interface TestPsu {
  readonly psuId: string;
  readonly identifier: string;
  readonly institution: string;
  readonly token: string;
  readonly refreshToken: string;
}

/** Options of an AIS call. */
export interface AisCall {
  readonly method?: string;
  readonly body?: unknown;
  /** Send no PSU-IP-Address, so the call is a batch access counted by the quota. */
  readonly batch?: boolean;
}

/** A reference for AIS integration tests, driven only over HTTP like a TPP would. */
export interface AisFixture {
  readonly reference: RunningReference;
  readonly client: ReferenceClient;
  /** Clones a persona through the sandbox API, runs the PSU journey and gets an access token. */
  psu(persona: string, institution?: string): Promise<TestPsu>;
  /** Runs the PSU journey again and gets a new access token (e.g. after travelling past its 3600 s). */
  authorize(psu: Omit<TestPsu, 'token' | 'refreshToken'>): Promise<TestPsu>;
  /** Calls an AIS resource of the PSU (signed, with its token). */
  ais(psu: TestPsu, path: string, call?: AisCall): Promise<Answer>;
  /** PUT /consents of a version. */
  consent(psu: TestPsu, version: ApiVersion, body: unknown): Promise<Answer>;
  /** Calls the sandbox control API (client certificate only). */
  sandbox(path: string, options?: { method?: string; body?: unknown; institution?: string }): Promise<Answer>;
  close(): Promise<void>;
}

function field(value: unknown, name: string): unknown {
  return isRecord(value) ? value[name] : undefined;
}

/** Starts a reference (memory store, sandbox mode) for one test file. */
export async function startAisFixture(options: ReferenceAppOptions = {}): Promise<AisFixture> {
  const reference = await startReference({ store: { kind: 'memory' }, log: () => undefined, ...options });
  const client = new ReferenceClient(reference);
  const tpp = reference.info.tpp;

  async function sandbox(path: string, call: { method?: string; body?: unknown; institution?: string } = {}) {
    return client.call({
      method: call.method ?? 'POST',
      path: `/sandbox/v1${path}`,
      host: client.host(call.institution),
      sign: false,
      body: call.body === undefined ? '' : JSON.stringify(call.body),
      headers: call.body === undefined ? {} : { 'content-type': 'application/json' },
    });
  }

  async function psu(persona: string, institution = '10101'): Promise<TestPsu> {
    const created = await sandbox('/psus', { body: { persona }, institution });
    const psuId = field(created.json, 'psuId');
    const identifier = field(created.json, 'identifier');
    if (created.status !== 201 || typeof psuId !== 'string' || typeof identifier !== 'string') {
      throw new Error(`clone failed: ${created.status} ${created.text}`);
    }
    return authorize({ psuId, identifier, institution });
  }

  async function authorize({
    psuId,
    identifier,
    institution,
  }: Omit<TestPsu, 'token' | 'refreshToken'>): Promise<TestPsu> {
    const host = client.host(institution);
    const browser = new PsuBrowser(client, host);
    const page = await browser.open({
      response_type: 'code',
      client_id: tpp.clientId,
      redirect_uri: tpp.redirectUri,
      scope: 'aisp',
      state: 'ais',
      login_hint: identifier,
    });
    const consentPage = await browser.submit(page, { otp: '12345678' });
    const code = PsuBrowser.redirectOf(
      await browser.submit(consentPage, { decision: 'accept' }),
    )?.searchParams.get('code');
    if (typeof code !== 'string') throw new Error('the PSU journey gave no code');
    const answer = await client.call({
      method: 'POST',
      path: '/stet/psd2/oauth/token',
      host,
      sign: false,
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: tpp.clientId,
        code,
        redirect_uri: tpp.redirectUri,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const token = field(answer.json, 'access_token');
    const refreshToken = field(answer.json, 'refresh_token');
    if (typeof token !== 'string' || typeof refreshToken !== 'string')
      throw new Error(`token exchange failed: ${answer.text}`);
    return { psuId, identifier, institution, token, refreshToken };
  }

  async function ais(target: TestPsu, path: string, call: AisCall = {}): Promise<Answer> {
    const headers: Record<string, string> = call.batch === true ? {} : { 'psu-ip-address': '192.0.2.10' };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const policy =
      reference.info.institutions.find((i) => i.code === target.institution)?.signatureHeaders ?? [];
    const psuHeaders = Object.keys(headers).filter((name) => name.startsWith('psu-'));
    return client.call({
      method: call.method ?? 'GET',
      path,
      host: client.host(target.institution),
      token: target.token,
      body: call.body === undefined ? '' : JSON.stringify(call.body),
      headers: { date: new Date().toUTCString(), ...headers },
      sign: [...new Set([...policy, '(request-target)', 'digest', 'x-request-id', ...psuHeaders])],
    });
  }

  return {
    reference,
    client,
    psu,
    authorize,
    ais,
    consent: (target, version, body) =>
      ais(target, `/stet/psd2/${version}/consents`, { method: 'PUT', body }),
    sandbox,
    async close() {
      await client.close();
      await reference.close();
    },
  };
}

/** The `message` code of a STET error body. */
export function errorCode(answer: Answer): unknown {
  return field(answer.json, 'message');
}

/** Reads a property path of a JSON answer without casting (`['accounts', 0, 'resourceId']`). */
export function pick(value: unknown, ...path: Array<string | number>): unknown {
  let current = value;
  for (const step of path) {
    if (typeof step === 'number') current = Array.isArray(current) ? readIndex(current, step) : undefined;
    else current = field(current, step);
  }
  return current;
}

/** The array at a property path (empty when absent). */
export function list(value: unknown, ...path: Array<string | number>): unknown[] {
  const found = pick(value, ...path);
  return Array.isArray(found) ? found : [];
}

function readIndex(items: readonly unknown[], index: number): unknown {
  return items[index];
}

/** Errors of the spec's response schema for the answer (empty when it conforms). */
export function schemaErrors(version: ApiVersion, method: string, path: string, answer: Answer): string[] {
  const validator = responseValidator(version, method, path.split('?')[0] ?? path, answer.status);
  if (validator === undefined) return [`no response schema for ${method} ${path} ${answer.status}`];
  return validator(answer.json).errors;
}
