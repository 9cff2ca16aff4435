#!/usr/bin/env -S node --import tsx
import { prestartEmbeddedReference } from '../cli/embedded-reference.ts';
import { followLauncher } from '../cli/follow-launcher.ts';

// One node process, TypeScript loaded in it (`--import tsx`, no `tsx` parent relaying signals): the
// pid a shell's `&` or a process manager gets is the command's, and a signal to it stops it. Started
// by npm (npx), the command also stops when npm is signalled (see follow-launcher.ts).
followLauncher();
// Before the command line's modules load: a plain `run` gets its reference started meanwhile.
prestartEmbeddedReference(process.argv);
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv);
