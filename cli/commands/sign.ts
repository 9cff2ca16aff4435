import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { parse, stringify } from 'yaml';
import { CodedError } from '../../lib/coded-error.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { newestApiVersion } from '../../spec/lib/index.ts';
import { buildSigningString, parseSignatureHeader, readPsd2Certificate } from '../../protocol/index.ts';
import { StetClient, type HttpExchange } from '../../harness/client/stet-client.ts';
import { TppClient } from '../../harness/client/tpp-client.ts';
import { httpJourneyDriver } from '../../harness/journeys/http-driver.ts';
import { curlCommand, type CurlOptions } from '../../harness/report/curl.ts';
import type { TranscriptRequest } from '../../harness/report/model.ts';
import { SecretSet } from '../../harness/report/secret-set.ts';
import { loadTarget } from '../../harness/targets/load-target.ts';
import type { Target } from '../../harness/targets/target-definition.ts';

/** A `sign` option the user must fix. */
export class SignOptionError extends CodedError<'ERR_SIGN_OPTION'> {}

interface SignOptions {
  readonly target: string | undefined;
  readonly institution: string | undefined;
  readonly token: string | undefined;
  readonly psuIp: string | undefined;
  readonly header: string[];
  readonly data: string | undefined;
  readonly form: boolean;
  readonly unsigned: boolean;
  readonly login: string | undefined;
  readonly scope: string;
  readonly enrol: string | undefined;
}

/**
 * `stet-harness sign`: signs and sends one request with a target's credentials (the file
 * `serve --write-target` writes, or any target file), prints the signing string and the equivalent
 * curl command on stderr and the response on stdout. `--login PERSONA` instead takes a fresh sandbox
 * PSU through the consent journey and prints the token response. Exit 0 for a 2xx/3xx answer, 1 for
 * a refusal, 2 when the request could not be made.
 */
export function register(program: Command): void {
  program
    .command('sign')
    .description(
      'sign and send one request with a target’s TPP credentials; prints the signing string, the curl command and the answer',
    )
    .argument('[method]', 'HTTP method, e.g. GET')
    .argument('[path]', `path with query, e.g. /stet/psd2/${newestApiVersion}/accounts`)
    .requiredOption('--target <file>', 'target file (e.g. written by serve --write-target)')
    .option('--institution <code>', 'institution code (default: the target’s first)')
    .option('--token <access_token>', 'send Authorization: Bearer <access_token>')
    .option('--psu-ip <address>', 'send PSU-IP-Address (the PSU is connected: no batch quota)')
    .option('-H, --header <header>', 'extra header "Name: value" (repeatable)', collect, [])
    .option('-d, --data <body>', 'request body: JSON text, or @file')
    .option('--form', 'the body is application/x-www-form-urlencoded (token requests)', false)
    .option('--unsigned', 'send without Signature and Digest (the sandbox API)', false)
    .option(
      '--login <persona>',
      'sandbox: clone this persona, go through its consent journey, exchange the code',
    )
    .option('--scope <scope>', 'scope of --login (aisp, cbpii, piisp)', 'aisp')
    .option(
      '--enrol <certs-dir>',
      'enrol your own QWAC and QSEAL (qwac.pem, qwac-key.pem, qseal.pem, qseal-key.pem of `stet-harness certs`) with POST /stet/psd2/register; writes <certs-dir>/target.yaml',
    )
    .addHelpText(
      'after',
      `
Examples:
  stet-harness serve --store memory --write-target .data/serve-target.yaml
  stet-harness sign --target .data/serve-target.yaml --login alice
  stet-harness sign --target .data/serve-target.yaml --enrol my-certs
  stet-harness sign --target .data/serve-target.yaml --token <access_token> GET /stet/psd2/${newestApiVersion}/accounts`,
    )
    .action(async (method: string | undefined, path: string | undefined, raw: SignOptions) => {
      process.exitCode = await sign(method, path, raw);
    });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

async function sign(method: string | undefined, path: string | undefined, raw: SignOptions): Promise<number> {
  const file = raw.target ?? '';
  const target = loadTarget(file);
  const institution = raw.institution ?? target.institutions[0]?.code;
  const profile = target.institutions.find((i) => i.code === institution);
  if (institution === undefined || profile === undefined)
    throw optionError(
      `--institution ${raw.institution ?? ''} is not in ${file}`,
      `use one of ${target.institutions.map((i) => i.code).join(', ')}`,
    );
  const client = new StetClient(target, new SecretSet());
  try {
    if (raw.login !== undefined) return await login(client, target, institution, raw);
    if (raw.enrol !== undefined) return await enrol({ client, target, file, institution, dir: raw.enrol });
    if (method === undefined || path === undefined)
      throw optionError(
        'sign needs a method and a path',
        `e.g. stet-harness sign --target t.yaml GET /stet/psd2/${newestApiVersion}/accounts`,
      );
    if (!path.startsWith('/'))
      throw optionError(`path ${path} must start with /`, 'give the path and query only');
    const headers: Record<string, string> = {};
    for (const line of raw.header) {
      const colon = line.indexOf(':');
      if (colon <= 0)
        throw optionError(`--header ${line} is not "Name: value"`, 'e.g. -H "PSU-User-Agent: curl"');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    if (raw.token !== undefined) headers['authorization'] = `Bearer ${raw.token}`;
    if (raw.psuIp !== undefined) headers['psu-ip-address'] = raw.psuIp;
    const body = raw.data === undefined ? undefined : readBody(raw.data);
    if (body !== undefined)
      headers['content-type'] ??= raw.form ? 'application/x-www-form-urlencoded' : 'application/json';
    const exchange = await client.send({
      institution,
      method: method.toUpperCase(),
      path,
      headers,
      body,
      tpp: target.tpp,
      signing: raw.unsigned ? 'unsigned' : {},
    });
    explain(exchange, curlOptions(file));
    printResponse(exchange);
    return exchange.status < 400 ? ExitCode.Conforms : ExitCode.NotConforming;
  } finally {
    await client.close();
  }
}

/** Clones a sandbox persona, takes it through the consent journey, exchanges the code. */
async function login(
  client: StetClient,
  target: Target,
  institution: string,
  raw: SignOptions,
): Promise<number> {
  const tpp = new TppClient({ client, target, institution });
  const { psu, exchange: cloned } = await tpp.clonePsu(raw.login ?? '');
  if (psu === undefined)
    throw optionError(
      `the sandbox did not clone persona ${raw.login ?? ''} (HTTP ${cloned.status}: ${cloned.text.slice(0, 200)})`,
      'use a persona of GET /sandbox/v1/personas (alice, bob, …) on a sandbox target',
    );
  const { journey, exchange } = await tpp.login({
    journeys: httpJourneyDriver(client),
    psu,
    scope: raw.scope,
  });
  if (exchange === undefined)
    throw optionError(
      `the journey ended without a code: ${JSON.stringify(journey.callback)}`,
      'see the server log',
    );
  process.stderr.write(
    `PSU ${psu.psuId} (persona ${raw.login ?? ''}, identifier ${psu.identifier}) consented; token response:\n`,
  );
  printResponse(exchange);
  return exchange.status === 200 ? ExitCode.Conforms : ExitCode.NotConforming;
}

/**
 * Enrols the TPP of the PEM files in `dir` (signed by a CA the bank trusts: `stet-harness certs
 * --ca-cert … --ca-key …` with the reference's CA) and writes `dir/target.yaml`: the same target with
 * this TPP and the client_id the bank returned.
 */
async function enrol(options: {
  client: StetClient;
  target: Target;
  file: string;
  institution: string;
  dir: string;
}): Promise<number> {
  const { target, dir, institution } = options;
  const paths = {
    qwacCert: resolve(dir, 'qwac.pem'),
    qwacKey: resolve(dir, 'qwac-key.pem'),
    qsealCert: resolve(dir, 'qseal.pem'),
    qsealKey: resolve(dir, 'qseal-key.pem'),
  };
  let pem: Record<keyof typeof paths, string>;
  let org: string | undefined;
  try {
    pem = {
      qwacCert: readFileSync(paths.qwacCert, 'utf8'),
      qwacKey: readFileSync(paths.qwacKey, 'utf8'),
      qsealCert: readFileSync(paths.qsealCert, 'utf8'),
      qsealKey: readFileSync(paths.qsealKey, 'utf8'),
    };
    org = readPsd2Certificate(pem.qwacCert).organizationIdentifier;
  } catch (cause) {
    throw optionError(
      `cannot read the certificates of ${dir}`,
      'generate them with stet-harness certs --ca-cert <pki>/ca.pem --ca-key <pki>/ca-key.pem --out <dir>',
      cause,
    );
  }
  if (org === undefined)
    throw optionError(`${paths.qwacCert} has no organizationIdentifier`, 'use a QWAC of stet-harness certs');
  const x5c = pem.qsealCert.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  const body = JSON.stringify({
    redirect_uris: [target.tpp.redirectUri],
    token_endpoint_auth_method: 'tls_client_auth',
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    client_name: org,
    contacts: [],
    provider_legal_id: org,
    jwks: { keys: [{ kty: 'RSA', x5c: [x5c] }] },
  });
  // Before registration the TPP has no client_id: its signature's keyId is its organizationIdentifier.
  const tpp = {
    clientId: org,
    qwac: { cert: pem.qwacCert, key: pem.qwacKey },
    qseal: { key: pem.qsealKey, cert: pem.qsealCert, keyId: org },
    redirectUri: target.tpp.redirectUri,
  };
  // Signed with the new TPP's QSEAL over the institution's policy (the client's signing interceptor).
  const exchange = await options.client.send({
    institution,
    method: 'POST',
    path: '/stet/psd2/register',
    headers: { 'content-type': 'application/json' },
    body,
    tpp,
  });
  printResponse(exchange);
  const clientId = exchange.status === 201 ? readString(exchange.json, 'client_id') : undefined;
  if (clientId === undefined) return ExitCode.NotConforming;
  const written = resolve(dir, 'target.yaml');
  const raw: unknown = parse(readFileSync(options.file, 'utf8'));
  const base = dirname(resolve(options.file));
  const copy = new Map<string, unknown>(typeof raw === 'object' && raw !== null ? Object.entries(raw) : []);
  const ca = copy.get('ca');
  copy.delete('tpps');
  if (typeof ca === 'string') copy.set('ca', resolve(base, ca));
  const name = copy.get('name');
  copy.set('name', `${typeof name === 'string' ? name : 'target'}-${clientId}`);
  copy.set('tpp', {
    clientId,
    qwac: { cert: paths.qwacCert, key: paths.qwacKey },
    qseal: { key: paths.qsealKey, cert: paths.qsealCert, keyId: clientId },
    redirectUri: target.tpp.redirectUri,
  });
  try {
    writeFileSync(
      written,
      `# Written by stet-harness sign --enrol: ${org} enrolled as ${clientId}.\n${stringify(Object.fromEntries(copy))}`,
    );
  } catch (cause) {
    throw optionError(`cannot write ${written}`, 'make the certificates folder writable', cause);
  }
  process.stderr.write(`enrolled ${org} as client_id ${clientId}; target written to ${written}\n`);
  return ExitCode.Conforms;
}

function readString(json: unknown, name: string): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const value = new Map<string, unknown>(Object.entries(json)).get(name);
  return typeof value === 'string' ? value : undefined;
}

function readBody(data: string): string {
  if (!data.startsWith('@')) return data;
  try {
    return readFileSync(data.slice(1), 'utf8');
  } catch (cause) {
    throw optionError(`cannot read ${data.slice(1)}`, 'give --data a JSON text or @<readable file>', cause);
  }
}

/** The signing string of the request sent, and the curl command that sends it again. */
function explain(exchange: HttpExchange, options: CurlOptions): void {
  const request = exchange.entry.request;
  const signature = single(request.headers['signature']);
  let covers = 'unsigned';
  if (signature !== undefined) {
    const covered = parseSignatureHeader(signature).headers;
    covers = `the signature covers ${covered.join(' ')}`;
    const built = buildSigningString({
      method: request.method,
      path: pathOf(request),
      headers: request.headers,
      headerNames: covered,
    });
    if (built.ok)
      process.stderr.write(`signing string (signed with the QSEAL key, rsa-sha256):\n${built.value}\n\n`);
  }
  process.stderr.write(
    `the same request with curl (the same headers and body, ${covers}):\n${curlCommand(request, options)}\n\n`,
  );
}

function printResponse(exchange: HttpExchange): void {
  process.stdout.write(`HTTP ${exchange.status}\n`);
  for (const [name, value] of Object.entries(exchange.headers))
    process.stdout.write(`${name}: ${Array.isArray(value) ? value.join(', ') : value}\n`);
  process.stdout.write('\n');
  process.stdout.write(
    exchange.json === undefined ? `${exchange.text}\n` : `${JSON.stringify(exchange.json, null, 2)}\n`,
  );
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function pathOf(request: TranscriptRequest): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The PEM paths of the target file, for curl (the loaded target holds their content). */
function curlOptions(file: string): CurlOptions {
  const base = dirname(resolve(file));
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  const at = (value: unknown, ...keys: string[]): string | undefined => {
    let current = value;
    for (const key of keys) {
      if (typeof current !== 'object' || current === null) return undefined;
      current = new Map<string, unknown>(Object.entries(current)).get(key);
    }
    return typeof current === 'string' ? current : undefined;
  };
  const path = (value: string | undefined): string | undefined =>
    value === undefined ? undefined : resolve(base, value);
  const cert = path(at(raw, 'tpp', 'qwac', 'cert'));
  const key = path(at(raw, 'tpp', 'qwac', 'key'));
  const cacert = path(at(raw, 'ca'));
  const connect = at(raw, 'connect');
  return {
    ...(cert === undefined ? {} : { cert }),
    ...(key === undefined ? {} : { key }),
    ...(cacert === undefined ? {} : { cacert }),
    ...(connect === undefined ? {} : { connect }),
  };
}

function optionError(message: string, hint: string, cause?: unknown): SignOptionError {
  return new SignOptionError('ERR_SIGN_OPTION', message, { hint, ...(cause === undefined ? {} : { cause }) });
}
