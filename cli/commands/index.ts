import type { Command } from 'commander';
import { register as certs } from './certs.ts';
import { register as serve } from './serve.ts';

/** A command module adds one subcommand (with its options and help) to the program. */
export type RegisterCommand = (program: Command) => void;

/**
 * Every subcommand of `stet-harness`, in the order `--help` lists them.
 * Each lives in its own file next to this one.
 */
export const commands: readonly RegisterCommand[] = [certs, serve];
