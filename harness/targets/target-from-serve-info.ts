/**
 * Builds a {@link Target} from the reference bank's start line (contracts §8), so the embedded
 * reference and `serve` are described by the same type as any institution host.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiVersions } from '../../spec/lib/index.ts';
import {
  defaultSignatureHeaders,
  signingHeaders,
  type SignatureFreshnessTarget,
  type Target,
  type TppCredentials,
} from './target-definition.ts';
import { TargetError } from './target-error.ts';

/** One TPP of the start line: paths of PEM files. */
export interface ServeTpp {
  clientId: string;
  qwacCert: string;
  qwacKey: string;
  qsealCert: string;
  qsealKey: string;
  keyId: string;
  redirectUri: string;
}

/** The start line of `stet-harness serve` / `startReference`, parsed. */
export interface ServeInfo {
  url: string;
  ca: string;
  /** The CA's private key (an extension of §8): the harness issues near-miss QSEALs under the CA. */
  caKey: string | undefined;
  institutions: Array<{
    code: string;
    host: string;
    sandboxHost: string | undefined;
    /** Optional extensions of §8: institution differences the suites need to know. */
    confirmationSegment: string | undefined;
    fundsConfirmation: boolean | undefined;
    signatureHeaders: string[] | undefined;
    /** Present when the institution checks signature freshness (its `signatureFreshness` option). */
    signatureFreshness: SignatureFreshnessTarget | undefined;
  }>;
  /** `sandbox` when the control API of contracts §5 is on (undefined: not said). */
  mode: 'sandbox' | 'live' | undefined;
  tpp: ServeTpp;
  tpps: Record<string, ServeTpp>;
}

/** Parses the start line (a JSON text or an already parsed value); throws {@link TargetError}. */
export function parseServeInfo(input: unknown): ServeInfo {
  const value: unknown = typeof input === 'string' ? parseJson(input) : input;
  const root = record(value, 'start line');
  const institutions = array(root['institutions'], 'institutions').map((item, i) => {
    const inst = record(item, `institutions[${i}]`);
    return {
      code: string(inst['code'], `institutions[${i}].code`),
      host: string(inst['host'], `institutions[${i}].host`),
      sandboxHost: optional(inst['sandboxHost'], string, `institutions[${i}].sandboxHost`),
      confirmationSegment: optional(
        inst['confirmationSegment'],
        string,
        `institutions[${i}].confirmationSegment`,
      ),
      fundsConfirmation: optional(inst['fundsConfirmation'], boolean, `institutions[${i}].fundsConfirmation`),
      signatureHeaders: optional(inst['signatureHeaders'], strings, `institutions[${i}].signatureHeaders`),
      signatureFreshness: optional(
        inst['signatureFreshness'],
        freshness,
        `institutions[${i}].signatureFreshness`,
      ),
    };
  });
  if (institutions.length === 0) fail('institutions is empty');
  const tpps = root['tpps'] === undefined ? {} : record(root['tpps'], 'tpps');
  const mode = optional(root['mode'], string, 'mode');
  if (mode !== undefined && mode !== 'sandbox' && mode !== 'live') fail('mode must be sandbox or live');
  return {
    mode,
    url: string(root['url'], 'url'),
    ca: string(root['ca'], 'ca'),
    caKey: optional(root['caKey'], string, 'caKey'),
    institutions,
    tpp: serveTpp(root['tpp'], 'tpp'),
    tpps: Object.fromEntries(Object.entries(tpps).map(([name, t]) => [name, serveTpp(t, `tpps.${name}`)])),
  };
}

/**
 * The target of a running reference: every version, every institution of the start line with its
 * differences, and the sandbox capability, or the live one when the reference runs in live mode. The
 * start line names no PSU: a live reference's personas and sandbox data are the caller's to add.
 */
export function targetFromServeInfo(
  info: ServeInfo,
  options: { sandbox?: boolean; name?: string } = {},
): Target {
  const first = info.institutions[0];
  if (first === undefined) fail('institutions is empty');
  const url = new URL(info.url);
  const sandbox = options.sandbox ?? info.mode !== 'live';
  return {
    name: options.name ?? 'reference',
    baseUrl: `https://${first.host.replace(first.code, '<institution_code>')}`,
    connect: { host: url.hostname, port: Number(url.port || '443') },
    ca: readPem(info.ca, 'ca'),
    caFile: resolve(info.ca),
    versions: [...apiVersions],
    institutions: info.institutions.map((i) => ({
      code: i.code,
      confirmationSegment: i.confirmationSegment ?? 'confirmation',
      fundsConfirmation: i.fundsConfirmation ?? true,
      sandbox,
      signatureHeaders: signingHeaders(i.signatureHeaders ?? defaultSignatureHeaders, i.signatureFreshness),
      signatureFreshness: i.signatureFreshness,
    })),
    tpp: readTpp(info.tpp, 'tpp'),
    tpps: Object.fromEntries(Object.entries(info.tpps).map(([n, t]) => [n, readTpp(t, `tpps.${n}`)])),
    personas: {},
    browserSteps: undefined,
    callbackTls: undefined,
    capabilities: sandbox ? ['sandbox'] : info.mode === 'live' ? ['live'] : [],
    sandboxPersonas: {},
    sandboxOtp: undefined,
    ...(info.caKey === undefined
      ? {}
      : { qsealIssuer: { certPem: readPem(info.ca, 'ca'), keyPem: readPem(info.caKey, 'caKey') } }),
  };
}

function readTpp(t: ServeTpp, what: string): TppCredentials {
  return {
    clientId: t.clientId,
    qwac: { cert: readPem(t.qwacCert, `${what}.qwacCert`), key: readPem(t.qwacKey, `${what}.qwacKey`) },
    qseal: {
      key: readPem(t.qsealKey, `${what}.qsealKey`),
      cert: readPem(t.qsealCert, `${what}.qsealCert`),
      keyId: t.keyId,
    },
    redirectUri: t.redirectUri,
    qwacFiles: { cert: resolve(t.qwacCert), key: resolve(t.qwacKey) },
  };
}

function readPem(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return fail(`${what}: cannot read ${path}`);
  }
}

function serveTpp(value: unknown, what: string): ServeTpp {
  const t = record(value, what);
  const field = (name: string): string => string(t[name], `${what}.${name}`);
  return {
    clientId: field('clientId'),
    qwacCert: field('qwacCert'),
    qwacKey: field('qwacKey'),
    qsealCert: field('qsealCert'),
    qsealKey: field('qsealKey'),
    keyId: field('keyId'),
    redirectUri: field('redirectUri'),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fail('not JSON');
  }
}

function fail(message: string): never {
  throw new TargetError([{ where: 'reference start line', message }]);
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail(`${what} must be an object`);
  return Object.fromEntries(Object.entries(value));
}

function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) return fail(`${what} must be an array`);
  return value;
}

function string(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') return fail(`${what} must be a non-empty string`);
  return value;
}

function strings(value: unknown, what: string): string[] {
  return array(value, what).map((v, i) => string(v, `${what}[${i}]`));
}

function freshness(value: unknown, what: string): SignatureFreshnessTarget {
  const f = record(value, what);
  const windowSeconds = f['windowSeconds'];
  if (typeof windowSeconds !== 'number' || !Number.isInteger(windowSeconds) || windowSeconds < 1)
    return fail(`${what}.windowSeconds must be a positive whole number`);
  return { windowSeconds, replayCache: boolean(f['replayCache'], `${what}.replayCache`) };
}

function boolean(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') return fail(`${what} must be a boolean`);
  return value;
}

function optional<T>(value: unknown, parse: (v: unknown, what: string) => T, what: string): T | undefined {
  return value === undefined || value === null ? undefined : parse(value, what);
}
