/**
 * The part of every generated k6 script that does not depend on the scenario: environment, TLS
 * client certificate and host mapping, per-request draft-cavage signing with k6's WebCrypto
 * (RSASSA-PKCS1-v1_5 over the signing string), the PSU journey and token exchange in setup(), and the
 * round of steps that follows `_links`, with the same findings as `stet-harness load`. TypeScript
 * typed against `@types/k6`; it expects `PLAN` (a `K6Plan`) and `options` to be declared above it.
 */
export const k6Runtime = String.raw`
// ---- environment (docs/load.md) --------------------------------------------------------------
function env(name: string, fallback?: string): string {
  const value = __ENV[name] ?? fallback;
  if (value === undefined || value === '') throw new Error('set ' + name + ' (see the header of this script)');
  return value;
}

const QWAC_CERT: string = open(env('STET_QWAC_CERT'));
const QWAC_KEY: string = open(env('STET_QWAC_KEY'));
const QSEAL_KEY: string = open(env('STET_QSEAL_KEY'));
const TOKENS_TEXT: string = __ENV['STET_TOKENS'] ? open(__ENV['STET_TOKENS']) : '';
const CLIENT_ID: string = env('STET_CLIENT_ID', PLAN.clientId);
const KEY_ID: string = env('STET_KEY_ID', PLAN.keyId);
const REDIRECT_URI: string = env('STET_REDIRECT_URI', PLAN.redirectUri);
const CONNECT: string | undefined = __ENV['STET_CONNECT'] || PLAN.connect;
const PSU_IP = '192.0.2.10';
const TOKEN_PATH = '/stet/psd2/oauth/token';
/** Batch accesses allowed per day and access (seed: Limits). */
const BATCH_ACCESSES_PER_DAY = 4;

/** Institution host name to dialled address (k6 ${'`'}hosts${'`'}); the host stays the TLS SNI and Host. */
function hostMapping(): Record<string, string> {
  const out: Record<string, string> = {};
  if (CONNECT === undefined) return out;
  for (const part of PLAN.parts) out[part.host.split(':')[0] ?? part.host] = CONNECT;
  return out;
}

// ---- metrics ----------------------------------------------------------------------------------
const failures = new Rate('stet_failures');
const serverErrors = new Rate('stet_server_errors');
const fiveXx = new Counter('stet_5xx');
const quotaRefusals = new Counter('stet_quota_refusals');
const findings = new Counter('stet_findings');

// ---- signing ----------------------------------------------------------------------------------
interface K6Subtle {
  importKey(
    format: 'pkcs8',
    keyData: ArrayBuffer,
    algorithm: { name: string; hash: string },
    extractable: boolean,
    usages: string[],
  ): Promise<object>;
  sign(algorithm: { name: string }, key: object, data: ArrayBuffer): Promise<ArrayBuffer>;
}
// k6 (0.57 and later) has the WebCrypto global that @types/k6 does not declare: declared here for this module.
declare const crypto: { readonly subtle: K6Subtle };
const subtle: K6Subtle = crypto.subtle;
let signingKey: Promise<object> | undefined;

function pemBody(pem: string): ArrayBuffer {
  if (!pem.includes('BEGIN PRIVATE KEY')) {
    throw new Error('STET_QSEAL_KEY must be a PKCS#8 key (BEGIN PRIVATE KEY): openssl pkcs8 -topk8 -nocrypt -in key.pem');
  }
  return b64decode(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''));
}

function utf8(text: string): ArrayBuffer {
  const bytes: number[] = [];
  for (const char of text) {
    const c = char.codePointAt(0) ?? 0;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return new Uint8Array(bytes).buffer;
}

function uuid(): string {
  const b = new Uint8Array(randomBytes(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return hex.slice(0, 8) + '-' + hex.slice(8, 12) + '-' + hex.slice(12, 16) + '-' + hex.slice(16, 20) + '-' + hex.slice(20);
}

/** Date, Digest and Signature over the institution's headers plus every psu-* header (contracts §4). */
async function sign(method: string, path: string, headers: Record<string, string>, body: string, policy: string[]): Promise<void> {
  headers['date'] = new Date().toUTCString();
  headers['digest'] = 'SHA-256=' + sha256(body, 'base64');
  const names = policy.map((h) => h.toLowerCase());
  for (const name of Object.keys(headers)) if (name.startsWith('psu-') && !names.includes(name)) names.push(name);
  const covered = names.filter((h) => h.startsWith('(') || headers[h] !== undefined);
  const lines = covered.map((h) =>
    h === '(request-target)' ? h + ': ' + method.toLowerCase() + ' ' + path : h + ': ' + (headers[h] ?? '').trim(),
  );
  signingKey ??= subtle.importKey('pkcs8', pemBody(QSEAL_KEY), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  const signature = await subtle.sign({ name: 'RSASSA-PKCS1-v1_5' }, await signingKey, utf8(lines.join('\n')));
  headers['signature'] =
    'keyId="' + KEY_ID + '",algorithm="rsa-sha256",headers="' + covered.join(' ') + '",signature="' + b64encode(signature) + '"';
}

// ---- requests ---------------------------------------------------------------------------------
interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
  json: unknown;
}

function endpointOf(method: string, path: string): string {
  const bare = path.split('?')[0] ?? path;
  for (const [m, pattern, label] of PLAN.endpoints) if (m === method && new RegExp(pattern).test(bare)) return label;
  return method + ' ' + bare;
}

function header(headers: Record<string, string>, name: string): string | undefined {
  for (const key of Object.keys(headers)) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function send(part: K6Part, method: string, path: string, headers: Record<string, string>, body: string | null, measured: boolean): Answer {
  const endpoint = endpointOf(method, path);
  const res = request(method, 'https://' + part.host + path, body, {
    headers,
    redirects: 0,
    tags: { endpoint: endpoint.replace(/\{([^}]+)\}/g, ':$1'), institution: part.institution },
  });
  const text = typeof res.body === 'string' ? res.body : '';
  const answer: Answer = { status: res.status, body: text, headers: res.headers, json: parseJson(text) };
  if (measured) {
    const sent = headers['x-request-id'];
    const echoed = header(res.headers, 'x-request-id');
    if (sent !== undefined && echoed !== sent) {
      findings.add(1, { rule: res.status >= 400 ? 'TRN-XREQUESTID-ECHO-ON-ERROR' : 'TRN-XREQUESTID-ECHO', endpoint });
    }
    if (res.status >= 500) findings.add(1, { rule: 'BAD-NEVER-5XX', endpoint });
    serverErrors.add(res.status >= 500 || res.status === 0);
    if (res.status >= 500) fiveXx.add(1);
  }
  return answer;
}

function codeOf(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as Record<string, unknown>;
  const code = record['message'] ?? record['error'];
  return typeof code === 'string' ? (code === 'TQMR' ? 'TMRQ' : code) : undefined;
}

function tokenForm(part: K6Part, form: Record<string, string>, measured: boolean): Answer {
  const body = Object.entries(form).map(([k, v]) => encodeURIComponent(k) + '=' + encodeURIComponent(v)).join('&');
  return send(
    part,
    'POST',
    TOKEN_PATH,
    { 'x-request-id': uuid(), 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
    body,
    measured,
  );
}

interface TokenSet {
  access: string;
  refresh: string;
}

function tokensOf(answer: Answer): TokenSet | undefined {
  if (answer.status !== 200 || typeof answer.json !== 'object' || answer.json === null) return undefined;
  const record = answer.json as Record<string, unknown>;
  const access = record['access_token'];
  const refresh = record['refresh_token'];
  return typeof access === 'string' ? { access, refresh: typeof refresh === 'string' ? refresh : '' } : undefined;
}

// ---- setup: virtual PSUs through the bank's journey pages (contracts §6) ------------------------
interface VirtualPsu {
  psuId: string;
  aisp?: TokenSet;
  cbpii?: TokenSet;
  iban?: string;
}

interface SetupData {
  psus: Record<string, VirtualPsu[]>;
}

function formOf(html: string): { action: string; fields: Array<{ name: string; value: string; type: string }> } | undefined {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (form === null) return undefined;
  const attr = (text: string, name: string): string | undefined => {
    const m = new RegExp('\\b' + name + '\\s*=\\s*"([^"]*)"', 'i').exec(text);
    return m === null ? undefined : (m[1] ?? '').replace(/&amp;/g, '&');
  };
  const fields: Array<{ name: string; value: string; type: string }> = [];
  for (const tag of (form[2] ?? '').match(/<(input|button)\b[^>]*>/gi) ?? []) {
    const name = attr(tag, 'name');
    if (name === undefined) continue;
    fields.push({ name, value: attr(tag, 'value') ?? '', type: (attr(tag, 'type') ?? (tag.toLowerCase().startsWith('<button') ? 'submit' : 'text')).toLowerCase() });
  }
  return { action: attr(form[1] ?? '', 'action') ?? '', fields };
}

/** Walks identification, authentication and consent pages; the authorization code of the callback. */
function journey(part: K6Part, scope: string, identifier: string, otp: string): string {
  const state = uuid();
  let url =
    '/stet/psd2/oauth/authorize?response_type=code&client_id=' + encodeURIComponent(CLIENT_ID) +
    '&redirect_uri=' + encodeURIComponent(REDIRECT_URI) + '&scope=' + encodeURIComponent(scope) + '&state=' + state;
  let method = 'GET';
  let body: string | null = null;
  for (let page = 0; page < 12; page += 1) {
    const headers: Record<string, string> = { accept: 'text/html' };
    if (body !== null) headers['content-type'] = 'application/x-www-form-urlencoded';
    const answer = send(part, method, url, headers, body, false);
    const location = header(answer.headers, 'location');
    if (answer.status >= 300 && answer.status < 400 && location !== undefined) {
      if (location.startsWith(REDIRECT_URI)) {
        const code = /[?&]code=([^&]+)/.exec(location);
        if (code === null) throw new Error('journey ended without a code: ' + location);
        return decodeURIComponent(code[1] ?? '');
      }
      url = location.replace(/^https:\/\/[^/]+/, '');
      method = 'GET';
      body = null;
      continue;
    }
    const form = formOf(answer.body);
    if (answer.status !== 200 || form === undefined) throw new Error('journey page ' + url + ' answered ' + answer.status);
    const pairs: string[] = [];
    let radio = false;
    for (const f of form.fields) {
      if (f.type === 'submit') continue;
      const value = f.name === 'identifier' ? identifier : f.name === 'otp' ? otp : f.value;
      if (f.type === 'radio') {
        if (radio) continue;
        radio = true;
      }
      pairs.push(encodeURIComponent(f.name) + '=' + encodeURIComponent(value));
    }
    const button = form.fields.find((f) => f.type === 'submit' && f.name === 'decision' && f.value === 'accept') ?? form.fields.find((f) => f.type === 'submit' && f.name !== '' && f.name !== 'decision');
    if (button !== undefined) pairs.push(encodeURIComponent(button.name) + '=' + encodeURIComponent(button.value));
    body = pairs.join('&');
    url = form.action === '' ? url : form.action.replace(/^https:\/\/[^/]+/, '');
    method = 'POST';
  }
  throw new Error('no callback after 12 journey pages');
}

function login(part: K6Part, scope: string, identifier: string, otp: string): TokenSet {
  const code = journey(part, scope, identifier, otp);
  const tokens = tokensOf(tokenForm(part, { grant_type: 'authorization_code', client_id: CLIENT_ID, code, redirect_uri: REDIRECT_URI }, false));
  if (tokens === undefined) throw new Error('the code exchange at ' + part.host + ' failed');
  return tokens;
}

async function signedCall(part: K6Part, method: string, path: string, token: string, body: string): Promise<Answer> {
  const headers: Record<string, string> = { 'x-request-id': uuid(), accept: 'application/json', authorization: 'Bearer ' + token, 'psu-ip-address': PSU_IP };
  if (body !== '') headers['content-type'] = 'application/json';
  await sign(method, path, headers, body, part.signatureHeaders);
  return send(part, method, path, headers, body === '' ? null : body, false);
}

async function preparePsu(part: K6Part): Promise<VirtualPsu> {
  let psuId = part.persona;
  let identifier = __ENV['STET_PSU_IDENTIFIER'] || part.persona;
  let otp = __ENV['STET_PSU_OTP'] || '12345678';
  if (__ENV['STET_SANDBOX'] !== '0') {
    const clone = send(part, 'POST', '/sandbox/v1/psus', { 'content-type': 'application/json', accept: 'application/json' }, JSON.stringify({ persona: part.persona }), false);
    const json = clone.json as Record<string, unknown> | undefined;
    if (clone.status !== 201 || json === undefined) throw new Error('cloning ' + part.persona + ' at ' + part.host + ' answered ' + clone.status + ' (set STET_SANDBOX=0 against a host without the sandbox API)');
    psuId = String(json['psuId']);
    identifier = String(json['identifier']);
    otp = String(json['otp']);
  }
  const psu: VirtualPsu = { psuId };
  const aisp = login(part, 'aisp', identifier, otp);
  const list = await signedCall(part, 'GET', '/stet/psd2/' + part.version + '/accounts', aisp.access, '');
  const accounts = (list.json as { accounts?: Array<{ accountId?: { iban?: string; currency?: string } }> } | undefined)?.accounts ?? [];
  psu.iban = accounts.find((a) => a.accountId?.currency === 'EUR')?.accountId?.iban;
  if (part.consent !== undefined) {
    const every = [...new Set(accounts.map((a) => a.accountId?.iban).filter((i): i is string => typeof i === 'string'))].map((iban) => ({ iban }));
    const consent: Record<string, unknown> = {};
    for (const name of part.consent.lists) consent[name] = every;
    for (const name of part.consent.empty) consent[name] = [];
    for (const name of part.consent.flags) consent[name] = false;
    const put = await signedCall(part, 'PUT', '/stet/psd2/' + part.version + '/consents', aisp.access, JSON.stringify(consent));
    if (put.status !== 201) throw new Error('PUT /consents at ' + part.host + ' answered ' + put.status);
  }
  if (part.needs.includes('aisp')) psu.aisp = aisp;
  if (part.needs.includes('cbpii') && part.cbpiiScope !== undefined) psu.cbpii = login(part, part.cbpiiScope, identifier, otp);
  return psu;
}

/** Virtual PSUs: from STET_TOKENS (refreshed here) or through the journeys of sandbox clones. */
export async function setup(): Promise<SetupData> {
  const given: SetupData | undefined = TOKENS_TEXT === '' ? undefined : (JSON.parse(TOKENS_TEXT) as SetupData);
  const psus: Record<string, VirtualPsu[]> = {};
  for (const part of PLAN.parts) {
    if (part.needs.length === 0) continue;
    if (given !== undefined) {
      psus[part.name] = (given.psus[part.name] ?? []).map((psu) => {
        for (const role of ['aisp', 'cbpii'] as const) {
          const set = psu[role];
          if (set === undefined || set.refresh === '') continue;
          const fresh = tokensOf(tokenForm(part, { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: set.refresh }, false));
          if (fresh !== undefined) psu[role] = fresh;
        }
        return psu;
      });
      if ((psus[part.name] ?? []).length === 0) throw new Error('STET_TOKENS has no PSU for ' + part.name);
      continue;
    }
    const list: VirtualPsu[] = [];
    for (let i = 0; i < part.psus; i += 1) list.push(await preparePsu(part));
    psus[part.name] = list;
  }
  return { psus };
}

// ---- the load: one round of a part's steps per iteration ----------------------------------------
interface VuState {
  psu: VirtualPsu | undefined;
  served: Record<string, number>;
  /** The links the last served answer of the first request step offered, reused when it is refused its quota. */
  lastLinks: Pending[];
}
const vuStates: Record<string, VuState> = {};

function fill(value: unknown, psu: VirtualPsu | undefined): unknown {
  if (typeof value === 'string') return value.replace(/\{\{id\}\}/g, () => uuid().replace(/-/g, '')).replace(/\{\{iban\}\}/g, psu?.iban ?? '').replace(/\{\{now\}\}/g, new Date().toISOString());
  if (Array.isArray(value)) return value.map((v) => fill(v, psu));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = fill(v, psu);
    return out;
  }
  return value;
}

function linksOf(json: unknown, names: string[]): string[] {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return [];
  const holders: unknown[] = [json];
  for (const value of Object.values(json)) if (Array.isArray(value)) holders.push(...(value as unknown[]));
  const out: string[] = [];
  for (const holder of holders) {
    const links = (holder as { _links?: Record<string, { href?: unknown }> } | null)?._links;
    if (links === undefined || links === null) continue;
    for (const name of names) {
      const href = links[name]?.href;
      if (typeof href === 'string' && href !== '') out.push(href.replace(/^https:\/\/[^/]+/, ''));
    }
  }
  return out;
}

type Pending = { step: K6Step; followed: string | undefined };

export default async function (data: SetupData): Promise<void> {
  const part = PLAN.parts.find((p) => p.name === scenario.name);
  if (part === undefined) throw new Error('no plan for scenario ' + scenario.name);
  const pool = data.psus[part.name] ?? [];
  const state = (vuStates[part.name] ??= { psu: pool[(vu.idInTest - 1) % Math.max(1, pool.length)], served: {}, lastLinks: [] });
  const psu = state.psu;
  const queue: Pending[] = part.steps.map((step) => ({ step, followed: undefined }));
  const visited: Record<string, true> = {};
  let firstToken: string | undefined;
  for (let guard = 0; queue.length > 0 && guard < 400; guard += 1) {
    const { step, followed } = queue.shift() as Pending;
    if (step.kind === 'token') {
      const form: Record<string, string> =
        step.grant === 'refresh'
          ? { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: psu?.aisp?.refresh ?? psu?.cbpii?.refresh ?? '' }
          : { grant_type: 'client_credentials', client_id: CLIENT_ID, scope: 'pisp' };
      const answer = tokenForm(part, form, true);
      const tokens = tokensOf(answer);
      failures.add(tokens === undefined);
      check(answer, { 'token 200': (a) => a.status === 200 });
      if (tokens !== undefined && step.grant === 'client-credentials') firstToken = tokens.access;
      else if (tokens !== undefined && psu !== undefined) {
        if (psu.aisp !== undefined) psu.aisp = tokens;
        else psu.cbpii = tokens;
      }
      continue;
    }
    const method = followed === undefined ? step.method : 'GET';
    const path = followed ?? step.path;
    const body = followed === undefined && step.body !== null ? JSON.stringify(fill(step.body, psu)) : '';
    const token = step.token === 'first' ? firstToken : step.token === 'aisp' ? psu?.aisp?.access : step.token === 'cbpii' ? psu?.cbpii?.access : undefined;
    const headers: Record<string, string> = { 'x-request-id': uuid(), accept: 'application/json' };
    if (token !== undefined) headers['authorization'] = 'Bearer ' + token;
    if (step.psuConnected) headers['psu-ip-address'] = PSU_IP;
    if (body !== '') headers['content-type'] = 'application/json';
    await sign(method, path, headers, body, part.signatureHeaders);
    const answer = send(part, method, path, headers, body === '' ? null : body, true);
    const endpoint = endpointOf(method, path);
    const refused = answer.status === 429 && codeOf(answer.json) === 'TMRQ';
    const expected = followed === undefined ? step.expect : [200];
    if (refused && !step.psuConnected) quotaRefusals.add(1, { endpoint });
    else failures.add(!expected.includes(answer.status), { endpoint });
    if (answer.status === 429 && step.psuConnected) findings.add(1, { rule: 'QTA-CONNECTED-UNLIMITED', endpoint });
    check(answer, { ['status ' + expected.join('|')]: (a) => expected.includes(a.status) || (refused && !step.psuConnected) });
    if (!step.psuConnected && answer.status >= 200 && answer.status < 300) {
      // One VU per PSU: more than four served accesses of one path a day is the fifth let through.
      const key = new Date().toISOString().slice(0, 10) + ' ' + method + ' ' + path;
      state.served[key] = (state.served[key] ?? 0) + 1;
      if ((state.served[key] ?? 0) > BATCH_ACCESSES_PER_DAY) findings.add(1, { rule: 'QTA-EXCEEDED-TMRQ', endpoint });
    }
    if (step.follow.length === 0) continue;
    let next: Pending[] = [];
    if (answer.status >= 200 && answer.status < 300) {
      next = linksOf(answer.json, step.follow).map((p) => ({ step, followed: p }));
      if (followed === undefined) state.lastLinks = next;
    } else if (refused && followed === undefined) next = state.lastLinks;
    queue.unshift(...next.filter((p) => p.followed !== undefined && !visited[p.followed] && (visited[p.followed] = true)));
  }
}
`;
