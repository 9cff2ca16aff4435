/**
 * Whether a target serves a version, seen from outside: one signed `GET /stet/psd2/<version>/accounts`
 * with the TPP's QWAC and no access token, a call every version has and no bank answers with data.
 *
 * - `served`: 401 or 403 (the resource exists and wants a token or another role) or any 2xx;
 * - `gone`: 404 or 410 (no such resource any more), unless the error code names the host rather than
 *   the path (`INSTITUTION_UNKNOWN`, `HOST_UNKNOWN`, `HOST_WITHDRAWN`: the probe proves nothing then);
 * - `unclear`: anything else (5xx, 400, a redirect…): the harness cannot tell.
 */
import type { ApiVersion } from '../../spec/lib/index.ts';
import type { HttpExchange, StetClient } from '../client/stet-client.ts';
import type { InstitutionTarget, Target } from '../targets/target-definition.ts';

/** What a target does with a version, as far as one request can tell. */
export type ObservedState = 'served' | 'gone' | 'unclear';

/** A probe's verdict and the exchange it rests on. */
export interface VersionProbe {
  observed: ObservedState;
  status: number;
  /** The error code of the body (`message` of a STET ErrorModel), when there is one. */
  code: string | undefined;
  exchange: HttpExchange;
}

/** Refusals about the host, not the path: a 404/410 with one of them says nothing about the version. */
const hostCodes: ReadonlySet<string> = new Set(['INSTITUTION_UNKNOWN', 'HOST_UNKNOWN', 'HOST_WITHDRAWN']);

/** The path probed for a version. */
export function probePath(version: ApiVersion): string {
  return `/stet/psd2/${version}/accounts`;
}

/** Classifies a probe's answer (see the module summary). */
export function observedState(status: number, code: string | undefined): ObservedState {
  if (status === 404 || status === 410) return code !== undefined && hostCodes.has(code) ? 'unclear' : 'gone';
  if (status === 401 || status === 403 || (status >= 200 && status < 300)) return 'served';
  return 'unclear';
}

/**
 * Sends the probe of `version` to `institution` (on `host` instead of its host when given: another
 * host form). Throws `ClientError` when the target is unreachable.
 */
export async function probeVersion(options: {
  client: StetClient;
  target: Target;
  institution: InstitutionTarget;
  version: ApiVersion;
  host?: string;
}): Promise<VersionProbe> {
  const { client, target, institution, version, host } = options;
  const exchange = await client.send({
    institution: institution.code,
    host,
    method: 'GET',
    path: probePath(version),
    headers: { accept: 'application/json' },
    tpp: target.tpp,
    signing: { headers: institution.signatureHeaders },
  });
  const code = errorCode(exchange.json);
  return { observed: observedState(exchange.status, code), status: exchange.status, code, exchange };
}

function errorCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const message = 'message' in body ? body.message : 'error' in body ? body.error : undefined;
  return typeof message === 'string' ? message : undefined;
}
