import type { Command } from 'commander';

/** A command module adds one subcommand (with its options and help) to the program. */
export type RegisterCommand = (program: Command) => void;

/** A subcommand by name, and how to load its module. */
export interface CommandEntry {
  readonly name: string;
  readonly load: () => Promise<{ register: RegisterCommand }>;
}

/**
 * Every subcommand of `stet-harness`, in the order `--help` lists them. Each lives in its own file next
 * to this one and is loaded only when needed: `serve` then never loads the harness, nor `run` the
 * traffic tools, which keeps start-up (and the embedded reference's child process) quick.
 */
export const commands: readonly CommandEntry[] = [
  { name: 'certs', load: () => import('./certs.ts') },
  { name: 'serve', load: () => import('./serve.ts') },
  { name: 'run', load: () => import('./run.ts') },
  { name: 'sign', load: () => import('./sign.ts') },
  { name: 'target', load: () => import('./target.ts') },
  { name: 'repro', load: () => import('./repro.ts') },
  { name: 'rules', load: () => import('./rules.ts') },
  { name: 'list', load: () => import('./list.ts') },
  { name: 'merge-reports', load: () => import('./merge-reports.ts') },
  { name: 'record', load: () => import('./record.ts') },
  { name: 'replay', load: () => import('./replay.ts') },
  { name: 'check', load: () => import('./check.ts') },
  { name: 'diff', load: () => import('./diff.ts') },
  { name: 'har2k6', load: () => import('./har2k6.ts') },
  { name: 'faults', load: () => import('./faults.ts') },
  { name: 'selftest', load: () => import('./selftest.ts') },
  { name: 'fuzz', load: () => import('./fuzz.ts') },
  { name: 'load', load: () => import('./load.ts') },
  { name: 'versions', load: () => import('./versions.ts') },
];

/**
 * The commands to register for `argv` (`node script <command> …`): only the one named when it is
 * known, every one otherwise (`--help`, `help <command>`, a typo that commander should report).
 */
export function commandsFor(argv: readonly string[]): readonly CommandEntry[] {
  const named = commands.find((entry) => entry.name === argv[2]);
  return named === undefined ? commands : [named];
}
