import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CodedError } from '../lib/coded-error.ts';
import {
  applyCalendarOverrides,
  loadVersionCalendar,
  versionCalendar,
  type CalendarOverrides,
} from '../spec/lib/index.ts';
import { aisDomain } from './ais/ais-domain.ts';
import { cbpiiDomain } from './cbpii/cbpii-domain.ts';
import { fallbackDomain } from './fallback/fallback-domain.ts';
import { createClock, type ClockBase } from './clock/system-clock.ts';
import { ClientReportService, type ClientReportOptions } from './client-report/client-report-service.ts';
import type { Clock } from './clock/clock.ts';
import { isFaultName, type FaultName } from './faults/catalogue.ts';
import { resolveChoices, type ChoiceBank } from './choices/index.ts';
import { createHostResolver } from './institutions/host-resolver.ts';
import type { Institution } from './institutions/institution.ts';
import { chosenInstitutions } from './institutions/chosen-institutions.ts';
import { loadInstitutions } from './institutions/load-institutions.ts';
import { createAuthorizationCodeGrant } from './oauth/grants/authorization-code-grant.ts';
import { createOAuthDomain } from './oauth/oauth-domain.ts';
import { clientCredentialsGrant } from './pisp/client-credentials-grant.ts';
import { bindPaymentToken } from './pisp/payment-code-grant.ts';
import { pispDomain } from './pisp/pisp-domain.ts';
import type { Domain } from './server/domain.ts';
import { listenHttps, type ListeningServer, type RequestTimeouts } from './server/https-server.ts';
import { createPipeline } from './server/pipeline.ts';
import { WorkerVerifier } from './server/signature-verifier.ts';
import type { ServerMode } from './server/request-context.ts';
import { Router } from './server/router.ts';
import { sandboxDomain } from './sandbox/sandbox-domain.ts';
import { clientSandboxDomain } from './sandbox/client-routes.ts';
import { EdgeBehaviours } from './sandbox/edge-behaviours.ts';
import { openStore, type Store } from './store/index.ts';
import { enrolDemoTpps } from './tpp/enrol-demo-tpps.ts';
import { ensureReferencePki, type ReferencePki } from './tpp/reference-pki.ts';
import { tppDomain } from './tpp/tpp-domain.ts';

/** Where the reference keeps its state. */
export type StoreOption =
  { kind: 'memory' } | { kind: 'embedded'; dir: string } | { kind: 'postgres'; url: string };

/** Why the reference could not start. */
export type ReferenceStartErrorCode = 'ERR_FAULT_UNKNOWN' | 'ERR_CLOCK_INVALID' | 'ERR_LISTEN_FAILED';

/** Raised by {@link createReferenceApp} for a configuration the user must fix. */
export class ReferenceStartError extends CodedError<ReferenceStartErrorCode> {}

/** Everything the reference can be started with; every field has a default. */
export interface ReferenceAppOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Address to listen on; default 127.0.0.1. */
  readonly host?: string;
  /** Default: memory. */
  readonly store?: StoreOption;
  /**
   * Directory of the generated PKI. Default: `<dir>/pki` of the embedded store, `.data/reference/pki`
   * for postgres, a temporary directory (removed on close) for the memory store.
   */
  readonly pkiDir?: string;
  /** `system` (default), an ISO instant the clock starts at, or a Date. */
  readonly clock?: string | Date;
  readonly mode?: ServerMode;
  /** Fault names of `faults/catalogue.ts`; an unknown name is refused. */
  readonly faults?: readonly string[];
  /**
   * Which bank to play where the seed is silent (`serve --choices`): `reference` (default), the
   * readings of the choice rules, or `alternate`, the other seed-true choice of each (choices/index.ts).
   */
  readonly choices?: ChoiceBank;
  /**
   * The deployment's version calendar: a calendar file path (`serve --calendar`) or overrides already
   * parsed, applied over `spec/versions.yaml`. Versions are refused from their decommission date on
   * the server clock. Default: the defaults, which announce nothing (every version served).
   */
  readonly calendar?: string | CalendarOverrides;
  /**
   * Institutions file replacing `institutions/institutions.yaml` (same format), e.g. to turn on an
   * institution option such as `signatureFreshness`.
   */
  readonly institutionsFile?: string;
  /** How long a client may take to send its request headers and its whole request (default 20 s, 30 s). */
  readonly timeouts?: RequestTimeouts;
  /** Extra domains (served after the built-in ones). */
  readonly domains?: readonly Domain[];
  /** Log sink; default: stderr with a timestamp. */
  readonly log?: (line: string) => void;
  /**
   * Observe every request of every TPP and judge its client (`serve --client-report`); the reports
   * are produced on `GET /sandbox/v1/client-report` and for every TPP on close. Default: off.
   */
  readonly clientReport?: ClientReportOptions;
  /** Redirect URIs the demo TPP is enrolled with besides its own and the loopback ones (`serve --redirect-uri`). */
  readonly redirectUris?: readonly string[];
}

/** A started reference bank. */
export interface ReferenceApp {
  readonly listening: ListeningServer;
  readonly store: Store;
  readonly clock: Clock;
  readonly institutions: readonly Institution[];
  readonly pki: ReferencePki;
  readonly mode: ServerMode;
  /** The client report, when started with `clientReport`. */
  readonly clientReports: ClientReportService | undefined;
  close(): Promise<void>;
}

/**
 * The domains every reference serves. Adding a PSD2 domain to the bank is adding it here: its routes
 * go to the router, its start hook runs before the server listens.
 */
export const builtInDomains: readonly Domain[] = [
  createOAuthDomain({
    // client_credentials: the first PISP token, or the fallback 302 with header `fallback: 1`.
    client_credentials: clientCredentialsGrant,
    // A PISP code gives a second token bound to the consented payment.
    authorization_code: createAuthorizationCodeGrant({ afterIssue: bindPaymentToken }),
  }),
  tppDomain,
  aisDomain,
  cbpiiDomain,
  pispDomain,
  fallbackDomain,
  sandboxDomain,
];

/** Builds the reference bank from its options and starts listening. */
export async function createReferenceApp(options: ReferenceAppOptions = {}): Promise<ReferenceApp> {
  const log =
    options.log ?? ((line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`));
  // Parsed once here: every request's context shares this typed set.
  const faults = new Set<FaultName>();
  for (const name of options.faults ?? []) {
    if (!isFaultName(name)) {
      throw new ReferenceStartError('ERR_FAULT_UNKNOWN', `unknown fault ${name}`, {
        hint: 'see reference-aspsp/faults/catalogue.ts for the fault names',
      });
    }
    faults.add(name);
  }
  // Resolved once: every request's context shares these behaviours.
  const choices = resolveChoices(options.choices ?? 'reference');
  const clock = createClock(clockBase(options.clock));
  const calendar =
    typeof options.calendar === 'string'
      ? loadVersionCalendar(options.calendar)
      : applyCalendarOverrides(versionCalendar(), options.calendar ?? {});
  const mode = options.mode ?? 'sandbox';
  const institutions = chosenInstitutions(loadInstitutions(options.institutionsFile), choices);
  const storeOption = options.store ?? { kind: 'memory' };
  const temporaryPki = options.pkiDir === undefined && storeOption.kind === 'memory';
  const pkiDir =
    options.pkiDir ??
    (storeOption.kind === 'embedded'
      ? join(storeOption.dir, 'pki')
      : storeOption.kind === 'postgres'
        ? join('.data', 'reference', 'pki')
        : await mkdtemp(join(tmpdir(), 'stet-reference-pki-')));
  const [pki, store] = await Promise.all([ensureReferencePki(pkiDir), openStore(storeOption)]);
  try {
    await store.transaction((tx) => enrolDemoTpps(tx, pki, options.redirectUris));
    const clientReports =
      options.clientReport === undefined ? undefined : new ClientReportService(clock, options.clientReport);
    const edge = new EdgeBehaviours();
    const domains = [
      ...builtInDomains,
      clientSandboxDomain({ reports: clientReports, edge }),
      ...(options.domains ?? []),
    ];
    const env = { store, clock, institutions, mode, faults, choices, log };
    for (const domain of domains) await domain.start?.(env);
    const router = new Router(domains.flatMap((domain) => domain.routes));
    const resolveHost = createHostResolver(institutions, calendar.hosts);
    const verifier = new WorkerVerifier();
    const [cert, key, ca] = await Promise.all([
      readFile(pki.serverCert, 'utf8'),
      readFile(pki.serverKey, 'utf8'),
      readFile(pki.ca, 'utf8'),
    ]);
    const handler = createPipeline({
      trustedCa: new X509Certificate(ca),
      router,
      resolveHost,
      calendar,
      store,
      clock,
      faults,
      choices,
      mode,
      log,
      observer: clientReports?.observer,
      edge,
      verifier,
    });
    let listening: ListeningServer;
    try {
      listening = await listenHttps({
        tls: { cert, key, ca },
        host: options.host ?? '127.0.0.1',
        port: options.port ?? 0,
        handler,
        ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
      });
    } catch (cause) {
      throw new ReferenceStartError('ERR_LISTEN_FAILED', `cannot listen on port ${options.port ?? 0}`, {
        cause,
        hint: 'choose another --port (0 picks a free one)',
      });
    }
    return {
      listening,
      store,
      clock,
      institutions,
      pki,
      mode,
      clientReports,
      async close() {
        await listening.close();
        await verifier.close();
        try {
          // After the last request: every TPP's report judges everything it sent.
          await clientReports?.publishAll();
        } finally {
          await store.close();
          if (temporaryPki) await rm(pkiDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await store.close();
    if (temporaryPki) await rm(pkiDir, { recursive: true, force: true });
    throw error;
  }
}

function clockBase(option: string | Date | undefined): ClockBase {
  if (option === undefined || option === 'system') return { kind: 'system' };
  const start = typeof option === 'string' ? new Date(option) : option;
  if (Number.isNaN(start.getTime()) || (typeof option === 'string' && !/^\d{4}-\d{2}-\d{2}T/.test(option))) {
    throw new ReferenceStartError('ERR_CLOCK_INVALID', `--clock ${String(option)} is not an ISO instant`, {
      hint: 'use system or an instant such as 2025-09-27T10:00:00Z',
    });
  }
  return { kind: 'fixed', start };
}
