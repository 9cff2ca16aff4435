/**
 * The state machines of the seed model, each its own property and its own case in the reports: the
 * commands a sequence of it draws (its own, plus the logins, revocations, consents and clock jumps
 * its judgements need), and the constraints (so the rules) it judges.
 */
import type fc from 'fast-check';
import type { Constraint } from './constraint.ts';
import { travel, travelToParis } from './commands/clock-commands.ts';
import { consentCommands, listAccounts, putConsent } from './commands/consent-commands.ts';
import type { ModelCommand } from './commands/context.ts';
import { paymentCommands } from './commands/payment-commands.ts';
import { quotaCommands } from './commands/quota-commands.ts';
import { tokenCommands } from './commands/token-commands.ts';
import { transactionCommands } from './commands/transaction-commands.ts';
import { consentConstraints, listingConstraints } from './constraints/consent-constraints.ts';
import { codeExchangeIssuesSet } from './constraints/login-constraints.ts';
import { paymentConstraints } from './constraints/payment-constraints.ts';
import { quotaConstraints } from './constraints/quota-constraints.ts';
import { tokenConstraints } from './constraints/token-constraints.ts';
import { transactionConstraints } from './constraints/transaction-constraints.ts';
import { versionConstraints } from './constraints/version-constraints.ts';

/** The machines, in the order a run plays them. */
export const modelMachines = ['tokens', 'consents', 'quotas', 'transactions', 'payments'] as const;
/** One of {@link modelMachines}. */
export type ModelMachine = (typeof modelMachines)[number];

/** A machine: its case, its commands and the constraints it judges. */
export interface MachineDefinition {
  title: string;
  /** What a PSU's first use records (model-state.ts). */
  prelude: 'none' | 'consent-all';
  commands: ReadonlyArray<fc.Arbitrary<ModelCommand>>;
  constraints: ReadonlyArray<Constraint<never>>;
}

const tokenSide = tokenCommands.slice(0, 1).concat(tokenCommands.slice(4, 5));

/** Every machine (see the module summary). */
export const machineDefinitions: Readonly<Record<ModelMachine, MachineDefinition>> = {
  tokens: {
    prelude: 'none',
    title:
      'Token sequences (two TPPs, two PSUs, refresh, revocation both ways, one-time codes, clock jumps) agree with the seed',
    commands: [...tokenCommands, travel, listAccounts],
    constraints: [...tokenConstraints, codeExchangeIssuesSet],
  },
  consents: {
    prelude: 'none',
    title:
      'Consent sequences (replace, per-function changes, empty consents, two TPPs) agree with the seed in every listing, link, card and read',
    commands: [...consentCommands, ...tokenSide, travel],
    constraints: [...listingConstraints, ...consentConstraints, ...versionConstraints],
  },
  quotas: {
    prelude: 'consent-all',
    title:
      'Batch and connected calls agree with the seed’s quotas: 4 per calendar day (Paris or UTC) per PSU and page, account or card',
    commands: [
      ...quotaCommands,
      ...quotaCommands,
      putConsent,
      listAccounts,
      travelToParis,
      travelToParis,
      travel,
    ],
    constraints: quotaConstraints,
  },
  transactions: {
    prelude: 'consent-all',
    title:
      'Transaction reads agree with the seed: 90 days, dateFrom inclusive, dateTo exclusive, entry-reference bounds, PDNG and FUTR fields, pages',
    commands: [...transactionCommands, putConsent, travel],
    constraints: transactionConstraints,
  },
  payments: {
    prelude: 'none',
    title:
      'Payment sequences (first token, callbacks, second token, confirmation, status, cancellation, 35 days) agree with the seed',
    commands: paymentCommands,
    constraints: paymentConstraints,
  },
};

/** The rules a machine judges, each once, in constraint order. */
export function machineRules(machine: ModelMachine): string[] {
  return [...new Set(machineDefinitions[machine].constraints.map((c) => c.rule))];
}
