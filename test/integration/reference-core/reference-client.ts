import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { computeDigest } from '../../../protocol/digest.ts';
import { signRequest } from '../../../protocol/sign-request.ts';
import type { RunningReference, StartLineTpp } from '../../../reference-aspsp/index.ts';

/** An answer, with the body parsed when it is JSON. */
export interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly json: unknown;
}

/** Options of one call. */
export interface CallOptions {
  readonly method?: string;
  readonly path: string;
  /** Host / SNI; default the live host of 10101. */
  readonly host?: string;
  /** Client certificate; `null` for none. Default: the demo TPP. */
  readonly tpp?: StartLineTpp | null;
  readonly token?: string;
  readonly body?: string | Buffer;
  readonly headers?: Record<string, string>;
  /** Headers to sign; `false` for no Signature. Default: the policy of 10101 plus psu-* headers sent. */
  readonly sign?: readonly string[] | false;
  /** Sign with this key id instead of the TPP's. */
  readonly keyId?: string;
  /** Omit the Digest header. */
  readonly noDigest?: boolean;
  /** Changes headers after signing (to send a signature that no longer matches). */
  readonly afterSign?: (headers: Record<string, string>) => void;
}

/**
 * A TPP-side client of the reference for tests: mTLS with a demo TPP's QWAC, draft-cavage signing
 * with its QSEAL (protocol/), and the institution host as SNI and Host.
 */
export class ReferenceClient {
  readonly #agents = new Map<string, Agent>();
  readonly #reference: RunningReference;
  readonly #ca: string;

  constructor(reference: RunningReference) {
    this.#reference = reference;
    this.#ca = readFileSync(reference.info.ca, 'utf8');
  }

  /** The live host of an institution. */
  host(code = '10101'): string {
    return `api-${code}.psd2.groupbank.example`;
  }

  async call(options: CallOptions): Promise<Answer> {
    const tpp = options.tpp === undefined ? this.#reference.info.tpp : options.tpp;
    const host = options.host ?? this.host();
    const method = options.method ?? 'GET';
    const body = options.body ?? '';
    const headers: Record<string, string> = { host, 'x-request-id': randomUUID(), ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (!options.noDigest && headers.digest === undefined) headers.digest = computeDigest(body);
    if (tpp !== null && options.sign !== false) {
      const psu = Object.keys(headers).filter((name) => name.toLowerCase().startsWith('psu-'));
      const names = options.sign ?? ['(request-target)', 'digest', 'x-request-id', ...psu];
      headers.signature = signRequest({
        method,
        path: options.path,
        headers,
        keyId: options.keyId ?? tpp.keyId,
        privateKey: readFileSync(tpp.qsealKey, 'utf8'),
        headerNames: names,
      });
    }
    options.afterSign?.(headers);
    const response = await request(`${this.#reference.url}${options.path}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
      dispatcher: this.agent(tpp, host),
    });
    const text = await response.body.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.statusCode, headers: response.headers, text, json };
  }

  /** The dispatcher of a TPP (or none) for a server name, kept for keep-alive. */
  agent(tpp: StartLineTpp | null, servername: string): Agent {
    const key = `${tpp?.qwacCert ?? 'none'}|${servername}`;
    let agent = this.#agents.get(key);
    if (agent === undefined) {
      agent = new Agent({
        connect: {
          ca: this.#ca,
          servername,
          ...(tpp === null
            ? {}
            : { cert: readFileSync(tpp.qwacCert, 'utf8'), key: readFileSync(tpp.qwacKey, 'utf8') }),
        },
      });
      this.#agents.set(key, agent);
    }
    return agent;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#agents.values()].map((agent) => agent.close()));
  }
}
