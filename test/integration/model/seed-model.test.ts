import { afterAll, describe, expect, it } from 'vitest';
import { parseServeInfo, targetFromServeInfo } from '../../../harness/index.ts';
import { runFuzz } from '../../../harness/fuzz/run-fuzz.ts';
import { runModel } from '../../../harness/model/run-model.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';

const started: RunningReference[] = [];
let clean: ReturnType<typeof target> | undefined;
/** One reference without faults, shared by the tests that need one. */
function cleanTarget(): ReturnType<typeof target> {
  clean ??= target([]);
  return clean;
}
afterAll(async () => {
  await Promise.all(started.map((reference) => reference.close()));
});

async function target(faults: string[]) {
  const reference = await startReference({ store: { kind: 'memory' }, faults, log: () => undefined });
  started.push(reference);
  return targetFromServeInfo(parseServeInfo(reference.info));
}

describe('the seed model', () => {
  it('passes the reference on every state machine, one case each', async () => {
    const outcome = await runModel({ target: await cleanTarget(), runs: 1, seed: 42 });
    expect(outcome.failures).toEqual([]);
    expect(outcome.results.map((r) => `${r.suite}/${r.case}: ${r.status}`)).toEqual([
      'seed-model/tokens: passed',
      'seed-model/consents: passed',
      'seed-model/quotas: passed',
      'seed-model/transactions: passed',
      'seed-model/payments: passed',
    ]);
    expect(outcome.sequences).toBe(5);
  }, 120_000);

  it('is not applicable to a target without the sandbox, saying why', async () => {
    const outcome = await runModel({ target: { ...(await cleanTarget()), capabilities: ['live'] }, runs: 2 });
    expect(outcome.results.map((r) => r.status)).toEqual(Array(5).fill('not-applicable'));
    expect(outcome.results[0]?.reason).toContain('sandbox capability');
  });

  it('finds dateTo served inclusively, shrinks it to one read, names the rule and its quote, and replays it', async () => {
    const faulty = await target(['dateto-inclusive']);
    const outcome = await runFuzz({
      target: faulty,
      runs: 10,
      seed: 5,
      machine: 'transactions',
      tool: { name: 'stet-harness', version: 'test' },
    });
    const failure = outcome.failure;
    expect(failure?.rule).toBe('AIS-TRX-DATETO-EXCLUSIVE');
    if (failure === undefined) return;
    expect(failure.steps).toEqual([
      expect.stringMatching(/^ReadTransactions\(psu0 main account \d+ .*to=-\d+d/),
    ]);
    expect(failure.message).toContain(
      'seed: "`dateTo` (exclusive; transactions whose date equals dateTo are not returned)"',
    );
    const result = outcome.report.results[0];
    expect(result?.status).toBe('failed');
    expect(result?.rules.map((r) => r.id)).toEqual(['AIS-TRX-DATETO-EXCLUSIVE']);
    expect(result?.failure?.message).toContain(
      `stet-harness fuzz --machine transactions --seed ${failure.seed} --path ${failure.path}`,
    );
    const replay = await runFuzz({
      target: faulty,
      seed: failure.seed,
      path: failure.path,
      replayPath: failure.replayPath,
      machine: 'transactions',
      tool: { name: 'stet-harness', version: 'test' },
    });
    expect(replay.failure?.steps).toEqual(failure.steps);
  }, 120_000);

  it('finds a fifth batch call of a calendar day served, shrunk to the calls that show it', async () => {
    const outcome = await runModel({
      target: await target(['fifth-batch-call-allowed']),
      runs: 10,
      seed: 1,
      machines: ['quotas'],
    });
    const failure = outcome.failures[0];
    expect(failure?.rule).toBe('QTA-EXCEEDED-TMRQ');
    expect(failure?.steps.join('\n')).toMatch(
      /BatchCalls\(psu0 main \w+ \d+ x4\)\nBatchCalls\(psu0 main \w+ \d+ x1\)$/,
    );
  }, 120_000);
});
