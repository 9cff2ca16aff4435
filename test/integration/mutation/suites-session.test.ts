import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuitesSession } from '../../mutation/suites-session.ts';

const session = await loadSuitesSession(join(import.meta.dirname, '..', '..', '..'));

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

describe('a mutant run of many cases together', () => {
  it('runs the cases of every set-up in one harness run each and reports each case', async () => {
    const run = session.startRun();
    try {
      const ran = await run.runMany(
        [
          'sandbox smoke-ais token-exchange',
          'sandbox smoke-ais no-such-case',
          'freshness signature-freshness replayed-signature-refused',
        ],
        { bail: false },
      );
      expect(ran.map((o) => [o.id, o.passed])).toEqual([
        ['sandbox smoke-ais no-such-case', false],
        ['sandbox smoke-ais token-exchange', true],
        ['freshness signature-freshness replayed-signature-refused', true],
      ]);
    } finally {
      await run.end();
    }
  });

  it('stops at the first failure when bailing', async () => {
    const run = session.startRun();
    try {
      const ran = await run.runMany(['sandbox smoke-ais no-such-case', 'sandbox smoke-ais token-exchange'], {
        bail: true,
      });
      expect(ran.map((o) => o.id)).toEqual(['sandbox smoke-ais no-such-case']);
    } finally {
      await run.end();
    }
  });
});
