import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuitesSession } from '../../mutation/suites-session.ts';

const session = loadSuitesSession(join(import.meta.dirname, '..', '..', '..'));

describe('a run of the suites as the test of a mutant', () => {
  it('passes a case against a fresh reference and fails an unknown one', async () => {
    const run = session.startRun();
    try {
      expect(await run.run('sandbox smoke-ais token-exchange')).toMatchObject({ passed: true });
      expect(await run.run('sandbox smoke-ais no-such-case')).toMatchObject({
        passed: false,
        failureMessage: 'no case sandbox smoke-ais no-such-case in the suites',
      });
    } finally {
      await run.end();
    }
  });
});
