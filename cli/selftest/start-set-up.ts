/**
 * Starts the reference of a set-up as the selftest does, and the target the harness sees it as: the
 * one place the selftest, the documented-statuses test and the mutation session start a set-up.
 */
import type { Target } from '../../harness/index.ts';
import {
  startReference,
  type ReferenceAppOptions,
  type RunningReference,
} from '../../reference-aspsp/index.ts';
import type { SelftestEnvironment } from './selftest-environments.ts';
import { SmsInbox } from './sms-inbox.ts';

/** A set-up's running reference and its target; `close` stops the reference. */
export interface StartedSetUp {
  readonly reference: RunningReference;
  readonly target: Target;
}

/** Options of {@link startSetUp}. */
export interface StartSetUpOptions {
  /** The PKI folder (written on first use, shared between references). */
  readonly pkiDir: string;
  /** The target's name in reports. */
  readonly name: string;
  /** The set-up's institutions file, already written (`SelftestEnvironment.institutionsFile`). */
  readonly institutionsFile?: string | undefined;
  readonly faults?: ReferenceAppOptions['faults'];
  /**
   * How to start the reference: the project's `startReference` by default. The mutation session passes
   * the one of Stryker's sandbox, whose code carries the mutants.
   */
  readonly start?: (options: ReferenceAppOptions) => Promise<RunningReference>;
}

/**
 * Starts `environment`'s reference on a free loopback port with an in-memory store, its log going to
 * an SMS inbox (a live reference sends its one-time codes there), and builds its target.
 */
export async function startSetUp(
  environment: SelftestEnvironment,
  options: StartSetUpOptions,
): Promise<StartedSetUp> {
  const phones = new SmsInbox();
  const start = options.start ?? startReference;
  const reference = await start({
    port: 0,
    store: { kind: 'memory' },
    pkiDir: options.pkiDir,
    ...environment.reference,
    ...(options.institutionsFile === undefined ? {} : { institutionsFile: options.institutionsFile }),
    ...(options.faults === undefined ? {} : { faults: options.faults }),
    log: phones.receive,
  });
  return { reference, target: environment.target(reference.info, options.name, phones) };
}
