/**
 * What a generated k6 script runs, as data embedded in the script (`const PLAN`): one entry per k6
 * scenario (a load scenario, or a recording, at one institution host), the steps with full paths, and
 * the endpoint templates that name each request in the metrics.
 */

/** How a step's request is authorised. */
export type K6TokenKind = 'aisp' | 'cbpii' | 'first' | 'none';

/** One step of a round. */
export type K6Step =
  | { kind: 'token'; grant: 'refresh' | 'client-credentials' }
  | {
      kind: 'request';
      method: string;
      /** Full path with query (`/stet/psd2/v1.6.2/accounts`). */
      path: string;
      /** JSON body; strings may hold `{{id}}`, `{{iban}}`, `{{now}}`. Null: no body. */
      body: unknown;
      expect: number[];
      follow: string[];
      token: K6TokenKind;
      /** Send PSU-IP-Address (the PSU is connected). */
      psuConnected: boolean;
    };

/** One k6 scenario. */
export interface K6Part {
  /** k6 scenario name: `<scenario>-<institution>`. */
  name: string;
  institution: string;
  /** Host name and port as in URLs, `Host` and TLS SNI. */
  host: string;
  version: string;
  /** Token sets each virtual PSU needs, obtained in setup() or read from STET_TOKENS. */
  needs: Array<'aisp' | 'cbpii'>;
  persona: string;
  psus: number;
  /** AISP consent of every account for balances and transactions, made in setup(). */
  consent?: { lists: string[]; flags: string[]; empty: string[] };
  cbpiiScope?: string;
  signatureHeaders: string[];
  /**
   * Rounds per second (constant-arrival-rate), ramping stages of rounds per second
   * (ramping-arrival-rate) or a fixed number of VUs (constant-vus).
   */
  executor:
    | { kind: 'rate'; rate: number; vus: number }
    | { kind: 'stages'; stages: Array<{ durationMs: number; rate: number }>; vus: number }
    | { kind: 'vus'; vus: number };
  steps: K6Step[];
}

/** Everything a generated script embeds. */
export interface K6Plan {
  /** What the script was generated from, for its header. */
  source: string;
  clientId: string;
  keyId: string;
  redirectUri: string;
  /** Address dialled for every institution host (k6 `hosts`), unless STET_CONNECT says otherwise. */
  connect?: string;
  durationMs: number;
  parts: K6Part[];
  /** Endpoint label per request: `[method, path regex, label]`, for the `endpoint` tag. */
  endpoints: Array<[string, string, string]>;
}
