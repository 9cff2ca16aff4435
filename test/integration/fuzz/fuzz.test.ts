import { afterAll, describe, expect, it } from 'vitest';
import { runFuzz } from '../../../harness/fuzz/run-fuzz.ts';
import { parseServeInfo, targetFromServeInfo } from '../../../harness/index.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';

const started: RunningReference[] = [];
afterAll(async () => {
  await Promise.all(started.map((reference) => reference.close()));
});

async function target(faults: string[]) {
  const reference = await startReference({ store: { kind: 'memory' }, faults, log: () => undefined });
  started.push(reference);
  return targetFromServeInfo(parseServeInfo(reference.info));
}

const tool = { name: 'stet-harness', version: 'test' };

describe('stet-harness fuzz', () => {
  it('runs clean against the reference', async () => {
    const outcome = await runFuzz({ target: await target([]), runs: 5, seed: 42, tool });
    expect(outcome.failure).toBeUndefined();
    expect(outcome.report.results[0]?.status).toBe('passed');
    expect(outcome.runs).toBe(5);
  }, 120_000);

  it('finds and shrinks a consent merged instead of replaced, and replays it from seed and path', async () => {
    const faulty = await target(['consent-merged']);
    const outcome = await runFuzz({ target: faulty, runs: 40, seed: 7, tool });
    const failure = outcome.failure;
    expect(failure).toBeDefined();
    if (failure === undefined) return;
    const commands = failure.commands.split('\n');
    // Shrunk: two consents (the second dropping an account of the first) and the read that sees it.
    expect(commands.filter((c) => c.startsWith('PutConsent')).length).toBe(2);
    expect(commands.length).toBeLessThanOrEqual(4);
    expect(failure.message).toMatch(/listed accounts|link|balances of/);
    expect(outcome.report.results[0]?.status).toBe('failed');
    expect(outcome.report.results[0]?.failure?.message).toContain(
      `--seed ${failure.seed} --path ${failure.path}`,
    );
    const replay = await runFuzz({
      target: faulty,
      runs: 40,
      seed: failure.seed,
      path: failure.path,
      replayPath: failure.replayPath,
      tool,
    });
    expect(replay.failure?.commands).toBe(failure.commands);
  }, 240_000);
});
