import type { Choices } from '../choices/index.ts';
import type { FaultSet } from '../faults/catalogue.ts';
import type { Clock } from '../clock/clock.ts';
import type { Institution } from '../institutions/institution.ts';
import type { Store } from '../store/index.ts';
import type { ServerMode } from './request-context.ts';
import type { Route } from './route.ts';

/** What a domain gets when the server starts. */
export interface DomainEnvironment {
  readonly store: Store;
  readonly clock: Clock;
  readonly institutions: readonly Institution[];
  readonly mode: ServerMode;
  readonly faults: FaultSet;
  /** The bank's choices where the seed is silent (choices/index.ts). */
  readonly choices: Choices;
  log(message: string): void;
}

/**
 * One PSD2 domain of the reference bank (oauth, ais, cbpii, pisp, sandbox, …): its routes and an
 * optional start hook (e.g. writing persona templates into the store). `reference-aspsp/app.ts` lists
 * the domains; adding a domain is adding it to that list.
 */
export interface Domain {
  readonly name: string;
  readonly routes: readonly Route[];
  /** Runs once before the server listens, in list order. */
  start?(env: DomainEnvironment): Promise<void>;
}
