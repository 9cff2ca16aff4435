import { resolve } from 'node:path';
import { hostName, versionCalendar } from '../spec/lib/index.ts';
import { createReferenceApp, type ReferenceApp, type ReferenceAppOptions } from './app.ts';
import { personaIdentities, type PersonaIdentity } from './data/persona-identities.ts';
import { loadInstitutions } from './institutions/load-institutions.ts';
import type { DemoTpp } from './tpp/reference-pki.ts';

export { ReferenceStartError, type ReferenceAppOptions, type StoreOption } from './app.ts';
export type { PersonaIdentity } from './data/persona-identities.ts';
/** For the mutation session only: forgets the persona data the process keeps (docs/mutation.md). */
export { forgetGeneratedData } from './data/forget-generated-data.ts';
/** The sandbox's fixed one-time code of every persona (contracts §6); never valid in live mode. */
export { sandboxOtp } from './oauth/journey-flow.ts';

/**
 * The reference's personas at each of its institutions with their sandbox and live identifiers: a
 * live-mode reference knows them under the live ones only (docs/contracts.md §7).
 */
export function referencePersonas(): PersonaIdentity[] {
  return personaIdentities(loadInstitutions());
}

/** A demo TPP in the start line: PEM paths and what to sign with. */
export interface StartLineTpp {
  readonly clientId: string;
  readonly qwacCert: string;
  readonly qwacKey: string;
  readonly qsealCert: string;
  readonly qsealKey: string;
  readonly keyId: string;
  readonly redirectUri: string;
}

/** One institution in the start line, with the differences suites need (extensions of §8). */
export interface StartLineInstitution {
  readonly code: string;
  readonly name: string;
  readonly host: string;
  readonly sandboxHost?: string;
  readonly confirmationSegment: string;
  readonly fundsConfirmation: boolean;
  readonly signatureHeaders: readonly string[];
  /** Only when the institution checks signature freshness (its `signatureFreshness` option). */
  readonly signatureFreshness?: { readonly windowSeconds: number; readonly replayCache: boolean };
}

/** The JSON line `stet-harness serve` prints on start (docs/contracts.md §8). */
export interface StartLine {
  readonly url: string;
  readonly ca: string;
  /** The demo CA's key: the harness issues near-miss QSEALs under the CA (docs/certificates.md). */
  readonly caKey: string;
  readonly mode: 'sandbox' | 'live';
  readonly institutions: readonly StartLineInstitution[];
  readonly tpp: StartLineTpp;
  readonly tpps: {
    readonly aispOnly: StartLineTpp;
    readonly unenrolled: StartLineTpp;
    readonly foreignCa: StartLineTpp;
  };
}

/** A running reference bank. */
export interface RunningReference {
  readonly url: string;
  readonly port: number;
  readonly info: StartLine;
  /** Internals for in-process use (tests, the embedded target): store, clock, institutions. */
  readonly app: ReferenceApp;
  close(): Promise<void>;
}

/**
 * Starts the reference bank (the public API used by `cli/` and tests).
 *
 * ```ts
 * const reference = await startReference({ store: { kind: 'memory' } });
 * // reference.info is the start line; connect to reference.url with reference.info.tpp's QWAC
 * await reference.close();
 * ```
 */
export async function startReference(options: ReferenceAppOptions = {}): Promise<RunningReference> {
  const app = await createReferenceApp(options);
  const port = app.listening.port;
  const listenHost = options.host ?? '127.0.0.1';
  const dialHost = listenHost === '0.0.0.0' || listenHost === '::' ? '127.0.0.1' : listenHost;
  const url = `https://${dialHost.includes(':') ? `[${dialHost}]` : dialHost}:${port}`;
  const calendar = versionCalendar();
  const info: StartLine = {
    url,
    ca: resolve(app.pki.ca),
    caKey: resolve(app.pki.caKey),
    mode: app.mode,
    institutions: app.institutions.map((institution) => ({
      code: institution.code,
      name: institution.name,
      host: hostName(calendar, 'live', institution.code),
      ...(institution.sandbox ? { sandboxHost: hostName(calendar, 'sandbox', institution.code) } : {}),
      confirmationSegment: institution.confirmationSegment,
      fundsConfirmation: institution.fundsConfirmation,
      signatureHeaders: institution.signatureHeaders,
      ...(institution.signatureFreshness === undefined
        ? {}
        : { signatureFreshness: { ...institution.signatureFreshness } }),
    })),
    tpp: startLineTpp(app.pki.tpps.tpp),
    tpps: {
      aispOnly: startLineTpp(app.pki.tpps.aispOnly),
      unenrolled: startLineTpp(app.pki.tpps.unenrolled),
      foreignCa: startLineTpp(app.pki.tpps.foreignCa),
    },
  };
  return { url, port, info, app, close: () => app.close() };
}

function startLineTpp(tpp: DemoTpp): StartLineTpp {
  return {
    clientId: tpp.clientId,
    qwacCert: resolve(tpp.qwacCert),
    qwacKey: resolve(tpp.qwacKey),
    qsealCert: resolve(tpp.qsealCert),
    qsealKey: resolve(tpp.qsealKey),
    keyId: tpp.clientId,
    redirectUri: tpp.redirectUri,
  };
}
