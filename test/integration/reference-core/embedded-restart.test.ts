import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore } from './fixture.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stet-core-restart-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('a restart with the embedded store', () => {
  it('keeps the PKI, the enrolments and the tokens', async () => {
    const options = {
      store: { kind: 'embedded', dir: join(dir, 'store') } as const,
      pkiDir: join(dir, 'pki'),
    };
    const first = await startCore(options);
    const tokens = await first.tokens();
    const ca = await readFile(first.reference.info.ca, 'utf8');
    await first.close();
    const second = await startCore(options);
    try {
      expect(await readFile(second.reference.info.ca, 'utf8')).toBe(ca);
      const answer = await second.client.call({
        path: '/stet/psd2/v1.6.2/core-probe',
        token: tokens.access_token,
      });
      expect(answer.status).toBe(200);
    } finally {
      await second.close();
    }
  }, 120_000);
});
