/**
 * The sandbox control API (docs/contracts.md §5) as the e2e tests use it: from Node over mTLS with the
 * demo TPP's QWAC, dialling the reference's address with the institution host as SNI and Host.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';
import { computeDigest } from '../../protocol/digest.ts';
import type { StartLine } from '../../reference-aspsp/index.ts';

/** A PSU cloned from a persona for one test. */
export interface SandboxPsu {
  psuId: string;
  identifier: string;
  otp: string;
}

/** A client of the sandbox control API of one institution host. */
export class SandboxClient {
  readonly #agent: Agent;
  readonly #url: string;
  readonly #host: string;

  constructor(info: StartLine, host: string) {
    this.#url = info.url;
    this.#host = host;
    this.#agent = new Agent({
      connect: {
        servername: host,
        ca: readFileSync(info.ca, 'utf8'),
        cert: readFileSync(info.tpp.qwacCert, 'utf8'),
        key: readFileSync(info.tpp.qwacKey, 'utf8'),
      },
    });
  }

  /** `POST /sandbox/v1/psus`: a fresh PSU cloned from `persona`. */
  async createPsu(persona: string): Promise<SandboxPsu> {
    const body = await this.#post('/sandbox/v1/psus', { persona }, 201);
    const psuId = stringField(body, 'psuId');
    const identifier = stringField(body, 'identifier');
    const otp = stringField(body, 'otp');
    return { psuId, identifier, otp };
  }

  /** `POST /sandbox/v1/psus/{psuId}/clock` `{"travel"}`: moves the PSU's clock by an ISO 8601 duration. */
  async travel(psuId: string, duration: string): Promise<string> {
    const body = await this.#post(
      `/sandbox/v1/psus/${encodeURIComponent(psuId)}/clock`,
      { travel: duration },
      200,
    );
    return stringField(body, 'now');
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }

  async #post(path: string, json: unknown, expected: number): Promise<unknown> {
    const text = JSON.stringify(json);
    const response = await request(`${this.#url}${path}`, {
      method: 'POST',
      dispatcher: this.#agent,
      headers: {
        host: this.#host,
        'content-type': 'application/json',
        'x-request-id': crypto.randomUUID(),
        digest: computeDigest(text),
      },
      body: text,
    });
    const answer = await response.body.text();
    if (response.statusCode !== expected) {
      throw new Error(`${path} answered ${response.statusCode} (expected ${expected}): ${answer}`);
    }
    return JSON.parse(answer) as unknown;
  }
}

function stringField(value: unknown, name: string): string {
  const field: unknown = typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;
  if (typeof field !== 'string') throw new Error(`sandbox answer without a string "${name}"`);
  return field;
}
