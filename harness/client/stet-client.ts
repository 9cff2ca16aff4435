/**
 * The harness's HTTP client, on undici: mTLS with the TPP's QWAC, the institution host as TLS SNI and
 * `Host` while dialling the target's `connect` address, draft-cavage signing with the QSEAL, Digest,
 * X-Request-ID, and no hidden retries or redirects (a conformance client must see what the bank says).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';
import { computeDigest, signRequest } from '../../protocol/index.ts';
import type { HeaderMap, TranscriptEntry } from '../report/model.ts';
import type { SecretSet } from '../report/secret-set.ts';
import type { Target, TppCredentials } from '../targets/target-definition.ts';
import { institutionHost } from '../targets/target-definition.ts';
import { parseJson } from './parse-json.ts';
import { toClientError } from './client-errors.ts';

/** How a request is signed; undefined means not signed at all (sandbox API, journey pages). */
export interface SigningPolicy {
  /** Headers the institution requires; `psu-*` headers present are added (contracts §4). */
  headers: readonly string[];
  /** Send a Digest that does not match the body. */
  badDigest?: boolean;
  /** Send no Digest at all (the signature then leaves `digest` out: it covers only headers sent). */
  noDigest?: boolean;
  /** Send a Signature whose value does not verify. */
  badSignature?: boolean;
  /**
   * Sign exactly these headers, in this order, instead of the policy plus every `psu-*` header (a
   * transport case leaving out `(request-target)`, a policy header or a PSU header on purpose).
   */
  exactHeaders?: readonly string[];
  /** keyId to send instead of the TPP's (the signature is still made with its QSEAL key). */
  keyId?: string;
  /** algorithm label to send instead of `rsa-sha256` (the value is still rsa-sha256). */
  algorithm?: string;
}

/** One request to send. */
export interface OutgoingRequest {
  institution: string;
  method: string;
  /** Path with query string, exactly as sent. */
  path: string;
  headers: Record<string, string>;
  body?: string | undefined;
  /** Client certificate to present; `null` for none (a PSU's browser, or a transport case). */
  tpp: TppCredentials | null;
  signing: SigningPolicy | undefined;
  /** Host/SNI to use instead of the institution host (host-form cases). */
  host?: string | undefined;
}

/** A request and its response, with the parsed body. */
export interface HttpExchange {
  /** Unredacted: the engine redacts the whole result before any reporter sees it. */
  entry: TranscriptEntry;
  status: number;
  headers: HeaderMap;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
  /** Time from sending the request to the end of the response body. */
  durationMs: number;
}

/** Options of {@link StetClient}. */
export interface StetClientOptions {
  /**
   * Longest wait, in milliseconds, for a connection, for a response's headers and between two chunks
   * of its body (default {@link defaultRequestTimeoutMs}). A host that accepts TLS but never answers
   * is then unreachable after this long, not after undici's five minutes.
   */
  timeoutMs?: number;
}

/** The default per-request time limit: a bank answers in well under a second; 10 s is generous. */
export const defaultRequestTimeoutMs = 10_000;

/** Bodies longer than this are cut in transcripts (never in what expectations see). */
const transcriptBodyLimit = 64 * 1024;

/** The HTTP client of one run against one target. Call {@link StetClient.close} at the end. */
export class StetClient {
  readonly #target: Target;
  readonly #agents = new Map<string, Agent>();
  readonly #timeoutMs: number;

  constructor(target: Target, secrets: SecretSet, options: StetClientOptions = {}) {
    this.#target = target;
    this.#timeoutMs = options.timeoutMs ?? defaultRequestTimeoutMs;
    // The private keys never leave this process, but a log or body could echo them: hide them.
    for (const tpp of [target.tpp, ...Object.values(target.tpps)]) {
      secrets.add('private_key', tpp.qwac.key);
      secrets.add('private_key', tpp.qseal.key);
    }
  }

  /** Sends one request. Throws {@link ClientError} when the target cannot be reached or trusted. */
  async send(req: OutgoingRequest): Promise<HttpExchange> {
    const host = req.host ?? institutionHost(this.#target, req.institution);
    const origin = this.#origin(host);
    const headers: Record<string, string> = { host, ...lowerKeys(req.headers) };
    headers['x-request-id'] ??= randomUUID();
    if (req.signing !== undefined) this.#sign(req, headers);
    const url = `https://${host}${req.path}`;
    const entry: TranscriptEntry = {
      request: {
        method: req.method,
        url,
        headers: { ...headers },
        ...(req.body === undefined ? {} : { body: cut(req.body) }),
      },
    };
    const started = performance.now();
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(`${origin}${req.path}`, {
        method: req.method,
        headers,
        body: req.body,
        dispatcher: this.#agent(req.tpp, host),
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
      });
    } catch (error) {
      throw toClientError(error, origin, host, this.#timeoutMs);
    }
    let text: string;
    try {
      text = await response.body.text();
    } catch (error) {
      throw toClientError(error, origin, host, this.#timeoutMs);
    }
    const durationMs = performance.now() - started;
    const responseHeaders = toHeaderMap(response.headers);
    entry.response = {
      status: response.statusCode,
      headers: responseHeaders,
      ...(text === '' ? {} : { body: cut(text) }),
    };
    return {
      entry,
      status: response.statusCode,
      headers: responseHeaders,
      text,
      json: parseJson(text),
      durationMs,
    };
  }

  /** Checks that every institution host answers over TLS; throws {@link ClientError} otherwise. */
  async probe(institution: string): Promise<void> {
    await this.send({
      institution,
      method: 'GET',
      path: '/',
      headers: {},
      tpp: this.#target.tpp,
      signing: undefined,
    });
  }

  /** Closes every connection. */
  async close(): Promise<void> {
    await Promise.all([...this.#agents.values()].map((a) => a.close()));
    this.#agents.clear();
  }

  #sign(req: OutgoingRequest, headers: Record<string, string>): void {
    const signing = req.signing;
    const tpp = req.tpp ?? this.#target.tpp;
    if (signing === undefined) return;
    headers['date'] ??= new Date().toUTCString();
    const digest = computeDigest(req.body ?? '');
    if (signing.noDigest !== true)
      headers['digest'] ??= signing.badDigest === true ? computeDigest(`${req.body ?? ''} `) : digest;
    const covered = [...(signing.exactHeaders ?? signing.headers).map((h) => h.toLowerCase())];
    if (signing.exactHeaders === undefined) {
      for (const name of Object.keys(headers))
        if (name.startsWith('psu-') && !covered.includes(name)) covered.push(name);
    }
    const signed = signRequest({
      method: req.method,
      path: req.path,
      headers,
      keyId: signing.keyId ?? tpp.qseal.keyId,
      privateKey: tpp.qseal.key,
      headerNames: covered.filter((h) => h.startsWith('(') || headers[h] !== undefined),
    });
    const signature = signing.algorithm === undefined ? signed : relabelAlgorithm(signed, signing.algorithm);
    headers['signature'] = signing.badSignature === true ? corrupt(signature) : signature;
  }

  #origin(host: string): string {
    const connect = this.#target.connect;
    return connect === undefined ? `https://${host}` : `https://${connect.host}:${connect.port}`;
  }

  #agent(tpp: TppCredentials | null, host: string): Agent {
    const key = `${tpp?.clientId ?? '-'}|${tpp?.qwac.cert.length ?? 0}|${host}`;
    let agent = this.#agents.get(key);
    if (agent === undefined) {
      const servername = host.split(':')[0] ?? host;
      agent = new Agent({
        connect: {
          timeout: this.#timeoutMs,
          servername,
          ...(this.#target.ca === undefined ? {} : { ca: this.#target.ca }),
          ...(tpp === null ? {} : { cert: tpp.qwac.cert, key: tpp.qwac.key }),
        },
        keepAliveTimeout: 10_000,
      });
      this.#agents.set(key, agent);
    }
    return agent;
  }
}

/** Replaces the `algorithm` parameter of a Signature header, leaving the value as signed. */
function relabelAlgorithm(signatureHeader: string, algorithm: string): string {
  return signatureHeader.replace(/algorithm="[^"]*"/, `algorithm="${algorithm.replace(/"/g, '')}"`);
}

/** Flips the signature value so it no longer verifies while staying well-formed base64. */
function corrupt(signatureHeader: string): string {
  return signatureHeader.replace(
    /signature="([A-Za-z0-9+/])/,
    (_all, c: string) => `signature="${c === 'A' ? 'B' : 'A'}`,
  );
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function toHeaderMap(headers: Record<string, string | string[] | undefined>): HeaderMap {
  const out: HeaderMap = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}

function cut(text: string): string {
  return text.length <= transcriptBodyLimit
    ? text
    : `${text.slice(0, transcriptBodyLimit)}… (${text.length} bytes)`;
}
