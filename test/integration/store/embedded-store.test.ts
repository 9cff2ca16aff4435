import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openStore } from '../../../reference-aspsp/store/index.ts';
import { describeStoreContract } from './contract.ts';

const dir = await mkdtemp(join(tmpdir(), 'stet-embedded-store-'));

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describeStoreContract('embedded', {
  open: () => openStore({ kind: 'embedded', dir }),
  durable: true,
  sharedByInstances: false,
});
