import { describe, expect, it } from 'vitest';
import { createClock } from '../../../../../reference-aspsp/clock/system-clock.ts';
import type { FaultName } from '../../../../../reference-aspsp/faults/catalogue.ts';
import { noFaults } from '../../../../../reference-aspsp/faults/no-faults.ts';
import { referenceChoices } from '../../../../../reference-aspsp/choices/index.ts';
import { accessTokenSeconds, tokenService } from '../../../../../reference-aspsp/oauth/token-service.ts';
import { ApiError } from '../../../../../reference-aspsp/server/api-error.ts';
import { tokenStage } from '../../../../../reference-aspsp/server/stages/token-stage.ts';
import { openMemoryStore } from '../../../../../reference-aspsp/store/memory-store.ts';

const issuedAt = new Date('2026-03-02T10:00:00Z');
const owner = { institution: '10101', psuId: 'psu-1', clientId: 'PSDFR-ACPR-12345', role: 'aisp' } as const;

/** A store holding one access token of `owner`, and a clock `elapsedMs` after it was issued. */
async function setUp(elapsedMs: number) {
  const store = openMemoryStore();
  const issued = await store.transaction((tx) =>
    tokenService.issue(tx, { owner, scope: 'aisp', now: issuedAt, authenticatedAt: issuedAt }),
  );
  const clock = createClock({ kind: 'fixed', start: issuedAt }, () => elapsedMs);
  return { store, clock, authorization: `Bearer ${issued.accessToken}` };
}

async function outcome(
  elapsedMs: number,
  request: { role?: 'aisp' | 'pisp'; institution?: string; authorization?: string },
  faults: ReadonlySet<FaultName> = noFaults,
): Promise<string> {
  const { store, clock, authorization } = await setUp(elapsedMs);
  try {
    const checked = await tokenStage(
      { tx: store, clock, faults, choices: referenceChoices },
      {
        authorization: request.authorization ?? authorization,
        institution: request.institution ?? owner.institution,
        clientId: owner.clientId,
        role: request.role ?? 'aisp',
      },
    );
    return `valid ${checked.auth.psuId}`;
  } catch (error) {
    if (error instanceof ApiError) return `${error.status} ${error.code}`;
    throw error;
  } finally {
    await store.close();
  }
}

const expired = accessTokenSeconds * 1000 + 1;

describe('the token stage', () => {
  it('gives the PSU of a valid access token of this institution, TPP and role', async () => {
    expect(await outcome(0, {})).toBe('valid psu-1');
  });

  it('refuses a missing, unknown or foreign token 401 and a token of another role 403 BADS', async () => {
    expect(await outcome(0, { authorization: 'Basic x' })).toBe('401 invalid_token');
    expect(await outcome(0, { authorization: 'Bearer unknown' })).toBe('401 invalid_token');
    expect(await outcome(0, { institution: '20202' })).toBe('401 invalid_token');
    expect(await outcome(0, { role: 'pisp' })).toBe('403 BADS');
  });

  it('refuses an expired token, unless under token-never-expires', async () => {
    expect(await outcome(expired, {})).toBe('401 invalid_token');
    expect(await outcome(expired, {}, new Set<FaultName>(['token-never-expires']))).toBe('valid psu-1');
  });

  it('answers a token of another role 401 invalid_token under bads-as-401', async () => {
    expect(await outcome(0, { role: 'pisp' }, new Set<FaultName>(['bads-as-401']))).toBe('401 invalid_token');
  });
});
