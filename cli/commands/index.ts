import type { Command } from 'commander';
import { register as certs } from './certs.ts';
import { register as serve } from './serve.ts';
import { register as run } from './run.ts';
import { register as rules } from './rules.ts';
import { register as record } from './record.ts';
import { register as replay } from './replay.ts';
import { register as check } from './check.ts';
import { register as diff } from './diff.ts';
import { register as har2k6 } from './har2k6.ts';
import { register as faults } from './faults.ts';
import { register as selftest } from './selftest.ts';
import { register as fuzz } from './fuzz.ts';
import { register as versions } from './versions.ts';

/** A command module adds one subcommand (with its options and help) to the program. */
export type RegisterCommand = (program: Command) => void;

/**
 * Every subcommand of `stet-harness`, in the order `--help` lists them.
 * Each lives in its own file next to this one.
 */
export const commands: readonly RegisterCommand[] = [
  certs,
  serve,
  run,
  rules,
  record,
  replay,
  check,
  diff,
  har2k6,
  faults,
  selftest,
  fuzz,
  versions,
];
