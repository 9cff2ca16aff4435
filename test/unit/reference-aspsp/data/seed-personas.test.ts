import { afterEach, describe, expect, it } from 'vitest';
import { createClock } from '../../../../reference-aspsp/clock/system-clock.ts';
import { personaIdentities } from '../../../../reference-aspsp/data/persona-identities.ts';
import { findPsuByIdentifier } from '../../../../reference-aspsp/data/psu-directory.ts';
import { seedPersonas } from '../../../../reference-aspsp/data/seed-personas.ts';
import { loadInstitutions } from '../../../../reference-aspsp/institutions/load-institutions.ts';
import { openStore, type Store } from '../../../../reference-aspsp/store/index.ts';

const institutions = loadInstitutions();
const clock = createClock({ kind: 'system' });
const alice = personaIdentities(institutions).find((p) => p.persona === 'alice' && p.institution === '10101');
let store: Store | undefined;

afterEach(async () => store?.close());

async function psuOf(identifier: string): Promise<string | undefined> {
  const open = store;
  if (open === undefined) throw new Error('no store');
  return open.transaction(async (tx) => (await findPsuByIdentifier(tx, '10101', identifier))?.psuId);
}

describe('seedPersonas', () => {
  it('knows alice by her sandbox identifier in sandbox mode only', async () => {
    store = await openStore({ kind: 'memory' });
    await seedPersonas(store, institutions, clock, 'sandbox');
    expect(alice).toMatchObject({ sandboxIdentifier: '10000001', liveIdentifier: '50000001' });
    expect(await psuOf('10000001')).toBe('alice');
    expect(await psuOf('50000001')).toBeUndefined();
  });

  it('knows alice by her live identifier in live mode, and no longer by the sandbox one after a switch', async () => {
    store = await openStore({ kind: 'memory' });
    await seedPersonas(store, institutions, clock, 'sandbox');
    // The same (durable) store started again in live mode.
    await seedPersonas(store, institutions, clock, 'live');
    expect(await psuOf('50000001')).toBe('alice');
    expect(await psuOf('10000001')).toBeUndefined();
  });

  it('gives every persona distinct sandbox and live identifiers at every institution', () => {
    const identities = personaIdentities(institutions);
    expect(identities.length).toBeGreaterThan(10);
    for (const identity of identities) expect(identity.liveIdentifier).not.toBe(identity.sandboxIdentifier);
    const all = identities.flatMap((i) => [
      `${i.institution}:${i.sandboxIdentifier}`,
      `${i.institution}:${i.liveIdentifier}`,
    ]);
    expect(new Set(all).size).toBe(all.length);
  });
});
