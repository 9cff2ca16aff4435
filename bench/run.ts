/**
 * `npm run bench:run`: a full run of every suite against the embedded reference (in-process, memory
 * store), printing the wall time, steps per second, and the harness's own overhead per step (step
 * time not spent waiting on the server: templates, signing, expectations, journeys' HTML parsing).
 */
import { getRule, schemaValidator } from '../spec/lib/index.ts';
import { loadSuites, parseServeInfo, runSuites, targetFromServeInfo } from '../harness/index.ts';
import { startReference } from '../reference-aspsp/index.ts';

const concurrency = Number(process.env['BENCH_CONCURRENCY'] ?? '4');
const suites = loadSuites(['suites'], { has: (id) => getRule(id) !== undefined });
const reference = await startReference({
  port: 0,
  store: { kind: 'memory' },
  mode: 'sandbox',
  log: () => undefined,
});
try {
  const target = targetFromServeInfo(parseServeInfo(reference.info), { name: 'embedded reference' });
  const { report, stats } = await runSuites({
    suites,
    target,
    concurrency,
    reporter: { onRunEnd: async () => undefined },
    schemas: schemaValidator,
    tool: { name: 'stet-harness', version: 'bench' },
  });
  const s = report.summary;
  const overhead = stats.steps === 0 ? 0 : (stats.stepMs - stats.httpMs) / stats.steps;
  const lines = [
    `full run against the embedded reference (concurrency ${concurrency})`,
    `  cases      ${s.total} (${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s['not-applicable']} not applicable)`,
    `  steps      ${stats.steps}`,
    `  wall time  ${(stats.wallMs / 1000).toFixed(2)} s`,
    `  steps/s    ${(stats.steps / (stats.wallMs / 1000)).toFixed(1)}`,
    `  per step   ${(stats.stepMs / Math.max(1, stats.steps)).toFixed(2)} ms, of which waiting on the server ${(stats.httpMs / Math.max(1, stats.steps)).toFixed(2)} ms`,
    `  harness overhead per step  ${overhead.toFixed(3)} ms`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await reference.close();
}
