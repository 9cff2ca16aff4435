#!/usr/bin/env tsx
import { prestartEmbeddedReference } from '../cli/embedded-reference.ts';

// Before the command line's modules load: a plain `run` gets its reference started meanwhile.
prestartEmbeddedReference(process.argv);
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv);
