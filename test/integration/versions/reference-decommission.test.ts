import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import { startCore, type Core } from '../reference-core/fixture.ts';

const probe = (version: string): string => `/stet/psd2/${version}/core-probe`;
const codeOf = (json: unknown): unknown => (isRecord(json) ? json.message : undefined);

describe('the reference on the day before v1 is decommissioned (v1.4.2 live on 2026-01-01)', () => {
  let core: Core;
  beforeAll(async () => {
    core = await startCore({ calendar: { 'v1.4.2': '2026-01-01' }, clock: '2026-03-31T10:00:00Z' });
  }, 60_000);
  afterAll(async () => core.close());

  it('still serves v1', async () => {
    const { access_token: token } = await core.tokens();
    const answer = await core.client.call({ path: probe('v1'), token });
    expect(answer.status).toBe(200);
  });

  it('decides on the server clock: a PSU travelled past the date still reaches v1', async () => {
    // Travel first: the token is issued on the PSU's clock and must not expire on the way.
    await core.travel(3 * 24 * 3600 * 1000);
    const { access_token: token } = await core.tokens();
    const answer = await core.client.call({ path: probe('v1'), token });
    expect(answer.status).toBe(200);
    const now = isRecord(answer.json) ? answer.json.now : undefined;
    expect(String(now).slice(0, 10)).toBe('2026-04-03');
  });
});

describe('the reference from v1’s decommission date (calendar file, clock 2026-04-02)', () => {
  let core: Core;
  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reference-calendar-')), 'calendar.yaml');
    writeFileSync(file, 'v1.4.2: 2026-01-01\n', 'utf8');
    core = await startCore({ calendar: file, clock: '2026-04-02T10:00:00Z' });
  }, 60_000);
  afterAll(async () => core.close());

  it('answers every v1 path 404 VERSION_DECOMMISSIONED, before any token check', async () => {
    const answer = await core.client.call({ path: probe('v1') });
    expect(answer.status).toBe(404);
    expect(codeOf(answer.json)).toBe('VERSION_DECOMMISSIONED');
    const accounts = await core.client.call({ path: '/stet/psd2/v1/accounts' });
    expect([accounts.status, codeOf(accounts.json)]).toEqual([404, 'VERSION_DECOMMISSIONED']);
  });

  it('answers a wrong verb on a v1 path 404 too, not 405: the whole version is gone', async () => {
    const answer = await core.client.call({ method: 'POST', path: probe('v1'), body: '{}' });
    expect([answer.status, codeOf(answer.json)]).toEqual([404, 'VERSION_DECOMMISSIONED']);
  });

  it('serves v1.4.2 and v1.6.2, and keeps RESOURCE_UNKNOWN for a version that never existed', async () => {
    const { access_token: token } = await core.tokens();
    expect((await core.client.call({ path: probe('v1.4.2'), token })).status).toBe(200);
    expect((await core.client.call({ path: probe('v1.6.2'), token })).status).toBe(200);
    const unknown = await core.client.call({ path: probe('v2'), token });
    expect([unknown.status, codeOf(unknown.json)]).toEqual([404, 'RESOURCE_UNKNOWN']);
  });
});
