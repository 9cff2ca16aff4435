import { observeExchange, type Exchange, type IssuedCode } from './observe-exchange.ts';
import type { ObservedRequest } from './observed-request.ts';

/** Options of {@link ClientObserver}. */
export interface ClientObserverOptions {
  /** Requests kept per TPP (the oldest are dropped past it): memory stays bounded on a long serve. */
  readonly maxRequestsPerTpp?: number;
}

/**
 * Records every request of every TPP (serve --client-report), for the client report to judge.
 *
 * Kept in memory, in arrival order per TPP. Codes the journey pages redirected with are kept apart,
 * by id, with their redirect URI: the token request presenting one is then judged against it.
 */
export class ClientObserver {
  readonly #requests = new Map<string, ObservedRequest[]>();
  readonly #codes = new Map<string, IssuedCode>();
  readonly #max: number;
  #seq = 0;

  constructor(options: ClientObserverOptions = {}) {
    this.#max = options.maxRequestsPerTpp ?? 20_000;
  }

  /** The next sequence number, to stamp an exchange with. */
  nextSeq(): number {
    return ++this.#seq;
  }

  /** Records one exchange as the pipeline saw it. */
  record(exchange: Exchange): void {
    const facts = observeExchange(exchange);
    if (facts.issuedCode !== undefined) {
      this.#codes.set(facts.issuedCode.code, facts.issuedCode);
      if (this.#codes.size > this.#max) this.#codes.delete(this.#codes.keys().next().value ?? '');
    }
    const request = facts.request;
    if (request === undefined) return;
    const list = this.#requests.get(request.clientId) ?? [];
    list.push(request);
    if (list.length > this.#max) list.shift();
    this.#requests.set(request.clientId, list);
  }

  /** The client_ids seen, in order of first request. */
  clients(): string[] {
    return [...this.#requests.keys()];
  }

  /** The requests of one TPP, in arrival order. */
  requestsOf(clientId: string): readonly ObservedRequest[] {
    return this.#requests.get(clientId) ?? [];
  }

  /** The redirect URI a code was sent to, by code id. */
  codeRedirect(code: string): string | undefined {
    return this.#codes.get(code)?.redirectUri;
  }
}
