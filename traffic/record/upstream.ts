import { Agent, request } from 'undici';
import { escapeRegExp } from '../../lib/escape-reg-exp.ts';

/** How the recorder reaches the institution hosts: the TLS side of a target file (contracts §9). */
export interface UpstreamConfig {
  /** Base URL template with `<institution_code>`: only hosts of this form are forwarded. */
  baseUrl: string;
  /** Address dialled instead of resolving the host (the host stays the TLS SNI and `Host`). */
  connect?: { host: string; port: number } | undefined;
  /** PEM of the CA trusted for the server certificate; the system CAs when absent. */
  ca?: string | undefined;
  /** The TPP's QWAC, presented as TLS client certificate. */
  clientCertificate?: { cert: string; key: string } | undefined;
}

/** An upstream answer, body as received (still content-encoded). */
export interface UpstreamResponse {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** Milliseconds to the response headers and from them to the end of the body. */
  waitMs: number;
  receiveMs: number;
  dialled: string;
}

/** Hop-by-hop fields (RFC 9110 §7.6.1) and lengths the client library recomputes. */
const notForwarded = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
]);

/** True for a header the proxy passes on. */
export function isForwardedHeader(name: string): boolean {
  return !notForwarded.has(name.toLowerCase());
}

/**
 * Sends requests to the institution hosts over mutual TLS with the TPP's QWAC, one connection pool per
 * host so each gets its own SNI, dialling `connect` when the target gives one.
 */
export class Upstream {
  private readonly agents = new Map<string, Agent>();
  private readonly hostPattern: RegExp;

  constructor(private readonly config: UpstreamConfig) {
    const template = new URL(config.baseUrl.replace('<institution_code>', '00000'));
    const escaped = escapeRegExp(template.hostname).replace('00000', '\\d{5}');
    this.hostPattern = new RegExp(`^${escaped}$`, 'i');
  }

  /** True when `hostname` is an institution host of the target (the recorder forwards nothing else). */
  accepts(hostname: string): boolean {
    return this.hostPattern.test(hostname);
  }

  private agent(hostname: string): Agent {
    let agent = this.agents.get(hostname);
    if (agent === undefined) {
      const cert = this.config.clientCertificate;
      agent = new Agent({
        connect: {
          servername: hostname,
          ...(this.config.ca === undefined ? {} : { ca: this.config.ca }),
          ...(cert === undefined ? {} : { cert: cert.cert, key: cert.key }),
        },
      });
      this.agents.set(hostname, agent);
    }
    return agent;
  }

  /** Sends one request as is (no redirect following, no retry) and reads the whole answer. */
  async send(options: {
    method: string;
    url: URL;
    headers: ReadonlyArray<readonly [string, string]>;
    body: Buffer;
  }): Promise<UpstreamResponse> {
    const { url } = options;
    const port = url.port === '' ? 443 : Number(url.port);
    const dialled =
      this.config.connect === undefined
        ? `${url.hostname}:${port}`
        : `${this.config.connect.host}:${this.config.connect.port}`;
    const headers: string[] = [];
    for (const [name, value] of options.headers) if (isForwardedHeader(name)) headers.push(name, value);
    const started = performance.now();
    const response = await request(`https://${dialled}${url.pathname}${url.search}`, {
      method: options.method,
      headers,
      ...(options.body.length === 0 && !['POST', 'PUT', 'PATCH'].includes(options.method)
        ? {}
        : { body: options.body }),
      dispatcher: this.agent(url.hostname),
    });
    const headersAt = performance.now();
    const body = Buffer.from(await response.body.arrayBuffer());
    const responseHeaders: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.push([name, one]);
    }
    return {
      status: response.statusCode,
      headers: responseHeaders,
      body,
      waitMs: Math.round(headersAt - started),
      receiveMs: Math.round(performance.now() - headersAt),
      dialled,
    };
  }

  /** Closes every connection pool. */
  async close(): Promise<void> {
    await Promise.all([...this.agents.values()].map((agent) => agent.close()));
    this.agents.clear();
  }
}
