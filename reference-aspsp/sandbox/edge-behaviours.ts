import { parisCalendarDay, parisInstant } from '../clock/paris-time.ts';
import type { Institution } from '../institutions/institution.ts';
import { redirect } from '../oauth/journey-flow.ts';
import { ApiError } from '../server/api-error.ts';
import type { RouteResponse } from '../server/route.ts';
import type { StoreTx } from '../store/index.ts';
import { redirectUriEnrolled } from '../tpp/redirect-uri-enrolled.ts';
import { tppRegistry } from '../tpp/tpp-registry.ts';

/**
 * The edge behaviours a TPP can switch on for itself through the sandbox API, to test its client
 * against them (docs/client-report.md lists what the client is expected to do for each).
 */
export const edgeBehaviourNames = [
  'too-many-requests',
  'expired-token',
  'many-pages',
  'o-confirmation',
  'accounting-batch',
  'journey-refused',
  'journey-timeout',
  'dedicated-unavailable',
] as const;

/** One edge behaviour's name. */
export type EdgeBehaviourName = (typeof edgeBehaviourNames)[number];

/** A switched-on behaviour: `calls` left for the counted ones, `pageSize` for many-pages. */
export interface EdgeBehaviour {
  readonly name: EdgeBehaviourName;
  /** Calls it still applies to; undefined: until switched off. */
  calls: number | undefined;
  readonly pageSize: number | undefined;
}

/** Behaviours that apply to a number of calls (default 1); the others stay until switched off. */
const counted: ReadonlySet<EdgeBehaviourName> = new Set([
  'too-many-requests',
  'expired-token',
  'journey-refused',
  'journey-timeout',
  'dedicated-unavailable',
]);

/** What a resource call of a TPP becomes under its switches. */
export interface EdgeOutcome {
  /** Answer with this refusal instead of running the route. */
  readonly refusal: ApiError | undefined;
  /** The behaviour that made the answer (for the client report: not the client's doing). */
  readonly forcedBy: string | undefined;
  /** The institution as this TPP sees it (o-confirmation, page size). */
  readonly institution: Institution;
  /** Added to the PSU's clock for this call (accounting-batch: 21:10 Paris today). */
  readonly offsetMs: number;
}

/**
 * Per-TPP edge behaviour switches, kept in this process's memory (a `serve` sharing PostgreSQL with
 * others keeps its own switches). Set only through the sandbox API, so live mode never has any.
 */
export class EdgeBehaviours {
  readonly #byClient = new Map<string, EdgeBehaviour[]>();
  /** Access tokens (by store key) an `expired-token` switch expired, per TPP. */
  readonly #expired = new Map<string, Set<string>>();

  /** Switches `name` on for `clientId` (replacing the same behaviour if it was on). */
  set(
    clientId: string,
    options: { name: EdgeBehaviourName; calls?: number; pageSize?: number },
  ): EdgeBehaviour {
    const behaviour: EdgeBehaviour = {
      name: options.name,
      calls: counted.has(options.name) ? (options.calls ?? 1) : undefined,
      pageSize: options.name === 'many-pages' ? (options.pageSize ?? 3) : undefined,
    };
    const list = (this.#byClient.get(clientId) ?? []).filter((b) => b.name !== options.name);
    this.#byClient.set(clientId, [...list, behaviour]);
    return behaviour;
  }

  /** Switches every behaviour of `clientId` off (expired tokens stay expired). */
  clear(clientId: string): void {
    this.#byClient.delete(clientId);
  }

  /** The behaviours switched on for `clientId`. */
  list(clientId: string): readonly EdgeBehaviour[] {
    return this.#byClient.get(clientId) ?? [];
  }

  /**
   * Applies the switches to a resource call of `clientId` carrying the access token `tokenKey`
   * (its store key), at `now` on the server clock.
   */
  onResourceCall(options: {
    clientId: string;
    institution: Institution;
    /** The access token's store key, computed only for a TPP with expired-token state. */
    tokenKey: () => string | undefined;
    now: Date;
  }): EdgeOutcome | undefined {
    const { clientId } = options;
    const expired = this.#expired.get(clientId);
    const list = this.#byClient.get(clientId);
    // The common case, every call of every TPP that switched nothing on: no hashing, no allocation.
    if (expired === undefined && list === undefined) return undefined;
    const tokenKey = options.tokenKey();
    let institution = options.institution;
    let offsetMs = 0;
    const base = { refusal: undefined, forcedBy: undefined, institution, offsetMs };
    if (tokenKey !== undefined && expired?.has(tokenKey) === true) return { ...base, ...expiredToken() };
    if (list === undefined) return base;
    for (const behaviour of list) {
      if (behaviour.name === 'many-pages')
        institution = { ...institution, transactionPageSize: behaviour.pageSize };
      if (behaviour.name === 'o-confirmation')
        institution = { ...institution, confirmationSegment: 'o-confirmation' };
      if (behaviour.name === 'accounting-batch') {
        const day = parisCalendarDay(options.now);
        offsetMs = parisInstant(day, 21, 10).getTime() - options.now.getTime();
      }
    }
    const shaped = { ...base, institution, offsetMs };
    if (this.#take(clientId, 'dedicated-unavailable'))
      return {
        ...shaped,
        refusal: new ApiError('INTS', { detail: 'edge behaviour dedicated-unavailable' }),
        forcedBy: 'dedicated-unavailable',
      };
    if (this.#take(clientId, 'too-many-requests'))
      return {
        ...shaped,
        refusal: new ApiError('TMRQ', { detail: 'edge behaviour too-many-requests' }),
        forcedBy: 'too-many-requests',
      };
    if (tokenKey !== undefined && this.#take(clientId, 'expired-token')) {
      const set = this.#expired.get(clientId) ?? new Set<string>();
      set.add(tokenKey);
      this.#expired.set(clientId, set);
      return { ...shaped, ...expiredToken() };
    }
    return shaped;
  }

  /**
   * The answer to an authorize request of `clientId` under a journey switch: the PSU refused, or the
   * screen timed out, as the seed's callback says. Undefined when no switch applies or the
   * redirect_uri is not enrolled (the authorize route then answers as usual).
   */
  async onAuthorize(options: { tx: StoreTx; query: URLSearchParams }): Promise<RouteResponse | undefined> {
    const clientId = options.query.get('client_id') ?? '';
    const list = this.#byClient.get(clientId);
    if (list === undefined || options.query.has('payment_request')) return undefined;
    const ending = list.find((b) => b.name === 'journey-refused' || b.name === 'journey-timeout');
    if (ending === undefined) return undefined;
    const redirectUri = options.query.get('redirect_uri') ?? '';
    const tpp = await tppRegistry.byClientId(options.tx, clientId);
    if (tpp === undefined || !redirectUriEnrolled(tpp, redirectUri)) return undefined;
    this.#take(clientId, ending.name);
    return redirect(redirectUri, {
      error: 'access_denied',
      error_description: ending.name === 'journey-refused' ? 'refused' : 'timeout',
      state: options.query.get('state') ?? undefined,
    });
  }

  /** Uses one call of a counted behaviour; true when it was on. */
  #take(clientId: string, name: EdgeBehaviourName): boolean {
    const list = this.#byClient.get(clientId) ?? [];
    const behaviour = list.find((b) => b.name === name);
    if (behaviour?.calls === undefined) return false;
    behaviour.calls -= 1;
    if (behaviour.calls <= 0)
      this.#byClient.set(
        clientId,
        list.filter((b) => b !== behaviour),
      );
    return true;
  }
}

function expiredToken(): Pick<EdgeOutcome, 'refusal' | 'forcedBy'> {
  return {
    refusal: new ApiError('invalid_token', {
      detail: 'edge behaviour expired-token: this access token is expired',
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    }),
    forcedBy: 'expired-token',
  };
}
