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
    expect(outcome.report.results.map((r) => `${r.case}: ${r.status}`)).toEqual([
      'consent-links-tokens: passed',
      'payments: passed',
    ]);
    expect(outcome.runs).toBe(10);
  }, 120_000);

  it('runs clean on v1 and v1.4.2 too, their consent fields and links read from the version profile', async () => {
    const clean = await target([]);
    for (const version of ['v1', 'v1.4.2'] as const) {
      const outcome = await runFuzz({ target: clean, runs: 3, seed: 42, machine: 'ais', version, tool });
      expect(outcome.failure, version).toBeUndefined();
      expect(outcome.report.results.map((r) => `${r.version} ${r.status}`)).toEqual([`${version} passed`]);
    }
  }, 120_000);

  it('finds and shrinks a consent merged instead of replaced, and replays it from seed and path', async () => {
    const faulty = await target(['consent-merged']);
    const outcome = await runFuzz({ target: faulty, runs: 40, seed: 7, machine: 'ais', tool });
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
      machine: 'ais',
      tool,
    });
    expect(replay.failure?.commands).toBe(failure.commands);
  }, 240_000);

  it('finds and shrinks a confirmation accepted with the first PISP token, and replays it', async () => {
    const faulty = await target(['first-token-confirms']);
    const outcome = await runFuzz({ target: faulty, runs: 25, seed: 3, tool });
    const failure = outcome.failure;
    expect(failure).toBeDefined();
    if (failure === undefined) return;
    expect(failure.machine).toBe('payments');
    // Shrunk to the shortest path into the bug: a payment, the PSU's consent, the wrong token.
    expect(failure.commands.split('\n')).toEqual([
      expect.stringMatching(/^InitiatePayment\(/),
      'PaymentJourney(consent)',
      'ConfirmPayment(first token)',
    ]);
    expect(failure.message).toContain('with the first token: expected a 4xx refusal (got 200');
    const payments = outcome.report.results.find((r) => r.case === 'payments');
    expect(payments?.status).toBe('failed');
    expect(payments?.failure?.message).toContain(`--machine payments --seed ${failure.seed}`);
    const consent = outcome.report.results.find((r) => r.case === 'consent-links-tokens');
    expect(consent?.status).toBe('passed');
    const replay = await runFuzz({
      target: faulty,
      runs: 25,
      seed: failure.seed,
      path: failure.path,
      replayPath: failure.replayPath,
      machine: 'payments',
      tool,
    });
    expect(replay.failure?.commands).toBe(failure.commands);
  }, 240_000);

  it('finds a payment status answered for another X-Request-ID than the initiation', async () => {
    const outcome = await runFuzz({
      target: await target(['payment-request-id-not-compared']),
      runs: 25,
      seed: 3,
      machine: 'payments',
      tool,
    });
    expect(outcome.failure?.commands.split('\n').at(-1)).toBe('ReadPayment(other X-Request-ID)');
    expect(outcome.failure?.message).toContain('another X-Request-ID');
  }, 240_000);
});
