import { describe, expect, inject, it } from 'vitest';
import { openStore } from '../../../reference-aspsp/store/index.ts';
import { describeStoreContract } from './contract.ts';

const url = inject('databaseUrl');

describeStoreContract('postgres', {
  open: () => openStore({ kind: 'postgres', url }),
  durable: true,
  sharedByInstances: true,
});

describe('postgres store opening', () => {
  it('reports an unreachable server as ERR_STORE_OPEN_FAILED', async () => {
    await expect(
      openStore({ kind: 'postgres', url: 'postgresql://nobody@127.0.0.1:1/none' }),
    ).rejects.toMatchObject({
      code: 'ERR_STORE_OPEN_FAILED',
    });
  });
});
