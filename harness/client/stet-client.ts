/**
 * The harness's HTTP client, on undici: mTLS with the TPP's QWAC, the institution host as TLS SNI and
 * `Host` while dialling the target's `connect` address, X-Request-ID, and no hidden retries or
 * redirects (a conformance client must see what the bank says). Signing is not done here but by the
 * {@link signingInterceptor} each dispatcher is composed with: draft-cavage with the QSEAL, Digest, per
 * the institution's policy.
 */
import { randomUUID } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isCodedError } from '../../lib/coded-error.ts';
import { Agent, request, type Dispatcher } from 'undici';
import type { HeaderMap, TranscriptEntry } from '../report/model.ts';
import type { SecretSet } from '../report/secret-set.ts';
import type { Target, TppCredentials } from '../targets/target-definition.ts';
import { defaultSignatureHeaders, institutionHost } from '../targets/target-definition.ts';
import { parseJson } from './parse-json.ts';
import { toClientError } from './client-errors.ts';
import {
  headersToSend,
  signingInterceptor,
  type RequestSigning,
  type SigningDispatchOptions,
} from './signing-interceptor.ts';

export type { SigningPolicy } from './request-signer.ts';
export type { RequestSigning } from './signing-interceptor.ts';

/** One request to send. */
export interface OutgoingRequest {
  institution: string;
  method: string;
  /** Path with query string, exactly as sent. */
  path: string;
  headers: Record<string, string>;
  /** The body: text (UTF-8), or bytes as they are (e.g. invalid UTF-8). */
  body?: string | Uint8Array | undefined;
  /** Send the body with Transfer-Encoding: chunked and no Content-Length. */
  chunked?: boolean | undefined;
  /** Client certificate to present; `null` for none (a PSU's browser, or a transport case). */
  tpp: TppCredentials | null;
  /**
   * How the request is signed: absent or `{}`, with the TPP's QSEAL (the main TPP's when `tpp` is
   * null) over the institution's policy headers; a variation for transport cases; `'unsigned'` for
   * the sandbox control API and the PSU's pages.
   */
  signing?: RequestSigning | undefined;
  /** Host/SNI to use instead of the institution host (host-form cases). */
  host?: string | undefined;
  /** TLS SNI name to send instead of the Host's (a connection opened for another host). */
  sni?: string | undefined;
  /** Header lines sent after the request's own, unsigned: a header sent twice. */
  duplicateHeaders?: Readonly<Record<string, string>> | undefined;
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
  readonly #agents = new Map<string, { agent: Agent; signed: Dispatcher }>();
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
    const url = `https://${host}${req.path}`;
    const entry: TranscriptEntry = {
      request: {
        method: req.method,
        url,
        headers: { ...headers },
        ...(req.body === undefined ? {} : { body: cut(bodyText(req.body)) }),
      },
    };
    const duplicates = req.duplicateHeaders ?? {};
    const signing: SigningDispatchOptions = {
      signing: req.signing,
      ...(Object.keys(duplicates).length === 0 ? {} : { duplicateHeaders: duplicates }),
      chunked: req.chunked,
      onHeaders: (sent) => {
        entry.request.headers = { ...sent };
      },
    };
    // undici takes the SNI name of a request from its Host unless the request names one.
    const sni: { servername?: string } = req.sni === undefined ? {} : { servername: req.sni };
    const started = performance.now();
    const finish = (
      status: number,
      received: Record<string, string | string[] | undefined>,
      text: string,
    ): HttpExchange => {
      const responseHeaders = toHeaderMap(received);
      entry.response = {
        status,
        headers: responseHeaders,
        ...(text === '' ? {} : { body: cut(text) }),
      };
      return {
        entry,
        status,
        headers: responseHeaders,
        text,
        json: parseJson(text),
        durationMs: performance.now() - started,
      };
    };
    if (duplicates['host'] !== undefined) {
      const answer = await this.#sendRepeatingHost(req, host, headers, signing);
      return finish(answer.status, answer.headers, answer.text);
    }
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(`${origin}${req.path}`, {
        method: req.method,
        headers,
        body: req.body,
        dispatcher: this.#dispatcher(req, host),
        headersTimeout: this.#timeoutMs,
        bodyTimeout: this.#timeoutMs,
        ...signing,
        ...sni,
      });
    } catch (error) {
      // The interceptor's own errors (a header the signature cannot cover) are not the target's.
      if (isCodedError(error)) throw error;
      throw toClientError(error, origin, host, this.#timeoutMs);
    }
    let text: string;
    try {
      text = await response.body.text();
    } catch (error) {
      throw toClientError(error, origin, host, this.#timeoutMs);
    }
    return finish(response.statusCode, response.headers, text);
  }

  /**
   * A request carrying a second Host line, which undici refuses to send: signed as the interceptor
   * signs, then sent over its own mTLS connection by node:https, whose raw header list may repeat any
   * name (a transport case's HEADER_DUPLICATED).
   */
  async #sendRepeatingHost(
    req: OutgoingRequest,
    host: string,
    headers: Record<string, string>,
    options: SigningDispatchOptions,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
    const tpp = req.tpp;
    const seal = (tpp ?? this.#target.tpp).qseal;
    const body = req.body ?? '';
    const sent = headersToSend({
      method: req.method,
      path: req.path,
      headers,
      body,
      key: { keyId: seal.keyId, privateKey: seal.key },
      policy: this.#policy(req.institution),
      signing: options.signing ?? {},
    });
    options.onHeaders?.(sent);
    const lines = [...Object.entries(sent), ...Object.entries(options.duplicateHeaders ?? {})].flat();
    const servername = serverNameOf(req, host);
    const connect = this.#target.connect;
    const origin = this.#origin(host);
    return new Promise((resolve, reject) => {
      const outgoing = httpsRequest(
        {
          host: connect?.host ?? servername,
          port: connect?.port ?? 443,
          method: req.method,
          path: req.path,
          headers: lines,
          setHost: false,
          agent: false,
          timeout: this.#timeoutMs,
          ...sniOption(servername),
          ...(this.#target.ca === undefined ? {} : { ca: this.#target.ca }),
          ...(tpp === null ? {} : { cert: tpp.qwac.cert, key: tpp.qwac.key }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', (error) => reject(toClientError(error, origin, host, this.#timeoutMs)));
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('the request timed out')));
      outgoing.on('error', (error) => reject(toClientError(error, origin, host, this.#timeoutMs)));
      outgoing.end(body);
    });
  }

  /** The signature policy of an institution: its `signatureHeaders`, else the group default. */
  #policy(institution: string): readonly string[] {
    return (
      this.#target.institutions.find((i) => i.code === institution)?.signatureHeaders ??
      defaultSignatureHeaders
    );
  }

  /** Checks that every institution host answers over TLS; throws {@link ClientError} otherwise. */
  async probe(institution: string): Promise<void> {
    await this.send({
      institution,
      method: 'GET',
      path: '/',
      headers: {},
      tpp: this.#target.tpp,
      signing: 'unsigned',
    });
  }

  /** Closes every connection. */
  async close(): Promise<void> {
    await Promise.all([...this.#agents.values()].map((a) => a.agent.close()));
    this.#agents.clear();
  }

  #origin(host: string): string {
    const connect = this.#target.connect;
    return connect === undefined ? `https://${host}` : `https://${connect.host}:${connect.port}`;
  }

  /**
   * The dispatcher of a request: one mTLS agent per TPP certificate, host and institution, composed
   * with the signing interceptor of that institution's policy and the TPP's QSEAL (the main TPP's
   * when no certificate is presented).
   */
  #dispatcher(req: OutgoingRequest, host: string): Dispatcher {
    const tpp = req.tpp;
    const servername = serverNameOf(req, host);
    const key = `${tpp?.clientId ?? '-'}|${tpp?.qwac.cert.length ?? 0}|${host}|${servername}|${req.institution}`;
    let known = this.#agents.get(key);
    if (known === undefined) {
      const agent = new Agent({
        connect: {
          timeout: this.#timeoutMs,
          ...sniOption(servername),
          ...(this.#target.ca === undefined ? {} : { ca: this.#target.ca }),
          ...(tpp === null ? {} : { cert: tpp.qwac.cert, key: tpp.qwac.key }),
        },
        keepAliveTimeout: 10_000,
      });
      const seal = (tpp ?? this.#target.tpp).qseal;
      const policy = this.#policy(req.institution);
      const signed = agent.compose(
        signingInterceptor({ key: { keyId: seal.keyId, privateKey: seal.key }, policy }),
      );
      known = { agent, signed };
      this.#agents.set(key, known);
    }
    return known.signed;
  }
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

/** The TLS server name a request asks for: its `sni`, else the host it is sent to (without port). */
function serverNameOf(req: OutgoingRequest, host: string): string {
  return req.sni ?? host.split(':')[0] ?? host;
}

/** The `servername` connect option: an IP address is never an SNI name (RFC 6066 section 3). */
function sniOption(servername: string): { servername?: string } {
  return isIP(servername) === 0 ? { servername } : {};
}

/** A sent body as transcript text (bytes read as UTF-8, with replacement characters where they are not). */
function bodyText(body: string | Uint8Array): string {
  return typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
}

function cut(text: string): string {
  return text.length <= transcriptBodyLimit
    ? text
    : `${text.slice(0, transcriptBodyLimit)}… (${text.length} bytes)`;
}
