#!/usr/bin/env tsx
import { main } from '../cli/main.ts';

process.exitCode = await main(process.argv);
