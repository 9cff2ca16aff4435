import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';
import type { HostForm, Institution } from '../../institutions/institution.ts';
import type { HostResolution } from '../../institutions/host-resolver.ts';
import type { Choices } from '../../choices/index.ts';
import { ApiError } from '../api-error.ts';

/** The institution a request addresses, and the host form it used. */
export interface HostOutcome {
  readonly institution: Institution;
  readonly hostForm: HostForm;
}

/** What the host stage reads of a request: its raw headers and its connection's SNI name. */
export type HostRequest = Pick<IncomingMessage, 'headers' | 'rawHeaders' | 'socket'>;

/**
 * Stage 1, host: the request names one institution (docs/contracts.md §3).
 *
 * `Host` and `Authorization` must come once (two are ambiguous, RFC 9112 §3.2: `HEADER_DUPLICATED`);
 * the TLS SNI name must be the Host's (`421 HOST_UNKNOWN`, RFC 9110 Misdirected Request); the host
 * must resolve on `today`, the Paris day of the server clock (`HOST_UNKNOWN`,
 * `INSTITUTION_UNKNOWN`, `HOST_WITHDRAWN`).
 */
export function hostStage(request: HostRequest, services: HostStageServices, today: string): HostOutcome {
  const { choices } = services;
  const duplicated = choices.of('TRN-HEADER-ONCE')(request.rawHeaders);
  if (duplicated !== undefined) throw new ApiError('HEADER_DUPLICATED', { detail: duplicated });
  const socket = request.socket;
  const sni =
    socket instanceof TLSSocket && typeof socket.servername === 'string' ? socket.servername : undefined;
  const host = request.headers.host ?? sni ?? '';
  // A connection opened for one institution must not serve another.
  if (!choices.of('TRN-HOST-SNI-MATCHES')(sni, host))
    throw new ApiError('HOST_UNKNOWN', { detail: `SNI ${sni ?? ''} but Host ${host}` });
  const resolved = services.resolveHost(host, today);
  if (resolved.ok) return { institution: resolved.institution, hostForm: resolved.form };
  if (resolved.code === 'HOST_UNKNOWN') throw choices.of('TRN-HOST-UNKNOWN-FORM')(host);
  if (resolved.code === 'INSTITUTION_UNKNOWN') throw choices.of('TRN-INSTITUTION-UNKNOWN')(host);
  throw new ApiError(resolved.code, { detail: `host ${host}` });
}

/** What the host stage needs besides the request. */
export interface HostStageServices {
  readonly resolveHost: (host: string, today: string) => HostResolution;
  readonly choices: Choices;
}

/**
 * `host` or `authorization` when the request carries it more than once. Node keeps the first of
 * several in `headers`; the raw list still has them all. Scanning it costs less than building
 * `headersDistinct`, a second header object, on every request.
 */
export function duplicatedSingleton(rawHeaders: readonly string[]): string | undefined {
  let hosts = 0;
  let authorizations = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    // Stryker disable next-line StringLiteral: equivalent: i stays within the list, so the fallback is never read
    const name = (rawHeaders[i] ?? '').toLowerCase();
    if (name === 'host') hosts += 1;
    else if (name === 'authorization') authorizations += 1;
  }
  return hosts > 1 ? 'host' : authorizations > 1 ? 'authorization' : undefined;
}

/** The name part of a Host value (no port), lower-cased. */
export function hostName(host: string): string {
  const colon = host.lastIndexOf(':');
  return (colon === -1 || host.includes(']') ? host : host.slice(0, colon)).toLowerCase();
}
