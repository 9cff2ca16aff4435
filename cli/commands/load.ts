import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { checkFaultNames } from '../fault-names.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { loadTarget, type Target } from '../../harness/index.ts';
import { parseDuration } from '../../load/duration.ts';
import { LoadError } from '../../load/load-error.ts';
import { defaultScenario, listScenarios, loadScenario } from '../../load/load-scenario.ts';
import { exportK6 } from '../../load/k6/export-scenario.ts';
import { exportK6Tokens } from '../../load/k6/export-tokens.ts';
import type { Scenario } from '../../load/scenario-definition.ts';
import { runLoad, type LoadProgress } from '../../load/run-load.ts';
import { endpointTable } from '../../load/report/console-table.ts';
import { writeLoadReports } from '../../load/report/write-load-reports.ts';
import { parseThreshold, type Threshold } from '../../load/threshold.ts';
import { startEmbeddedTarget } from '../embedded-target.ts';
import { collectList, toolVersion } from '../option-values.ts';
import { checkOutputDir, checkOutputFile } from '../output-paths.ts';

interface LoadCliOptions {
  scenario: string;
  target: string | undefined;
  duration: string;
  warmUp: string;
  rate: string | undefined;
  connections: string | undefined;
  threshold: string[];
  institution: string[];
  out: string;
  fault: string[];
  exportK6: string | undefined;
  k6Tokens: string | undefined;
  list: boolean | undefined;
  abortOnFail: boolean | undefined;
}

/**
 * `stet-harness load`: runs a load scenario of real TPP traffic against a target (default: the
 * embedded reference), writes `load-report.json`, `load-report.html` and `junit.xml`, and exits 1 when
 * a threshold is broken or a finding is made under load; or exports the scenario as a k6 script.
 */
export function register(program: Command): void {
  program
    .command('load')
    .description(
      'run a load scenario (signed mTLS TPP traffic) with per-endpoint KPIs and thresholds, or export it to k6',
    )
    .option(
      '--scenario <name|file>',
      `scenario name (${listScenarios().join(', ')}) or YAML file`,
      defaultScenario,
    )
    .option(
      '--target <file>',
      'target file (targets/*.yaml); default: the embedded reference, started as a child process',
    )
    .option(
      '--duration <d>',
      'how long the load is measured (10s, 2m, 1m30s); a scenario with stages lasts as long as its stages',
      '30s',
    )
    .option(
      '--warm-up <d>',
      'load before the measured period (connections open, the bank warms up): judged, not in the figures; 0 for none',
      '2s',
    )
    .option(
      '--rate <n>',
      'arrival rate per scenario and institution, requests per second (overrides the scenario’s rate and stages)',
    )
    .option('--connections <n>', 'connections per scenario and institution (overrides the scenario)')
    .option(
      '--threshold <expr>',
      'threshold replacing the scenario’s (repeatable): p95<300ms, errors<0.1%, 5xx=0, availability>=99.9%, "GET /accounts p99<1s"',
      (value: string, previous: string[]) => [...previous, value],
      [],
    )
    .option('--institution <code>', 'only this institution (repeatable, or comma-separated)', collectList, [])
    .option('--out <dir>', 'folder for load-report.json, load-report.html and junit.xml', 'reports')
    .option(
      '--fault <name>',
      'start the embedded reference with this deviation (repeatable)',
      collectList,
      [],
    )
    .option('--export-k6 <file>', 'write the scenario as a k6 TypeScript script instead of running it')
    .option(
      '--k6-tokens <file>',
      'with --export-k6 and --target: also write the virtual PSUs’ tokens for the script (STET_TOKENS)',
    )
    .option(
      '--abort-on-fail',
      'stop the load as soon as a threshold breaks (judged each second on the figures so far) and exit 1',
    )
    .option('--list', 'list the shipped scenarios')
    .addHelpText(
      'after',
      `
Exit codes: 0 thresholds kept and no finding; 1 a threshold broken (with --abort-on-fail, the run stopped
when it broke) or a finding under load (5xx, a fifth batch call let through, a connected call refused,
X-Request-ID not echoed, a second valid token set);
2 the harness could not do its job (bad scenario, threshold or target, set-up refused).
See docs/load.md.
${examples(
  'stet-harness load --scenario mix --duration 1m --threshold "p95<300ms" --out reports/',
  'stet-harness load --scenario psu-present-ramp --abort-on-fail --threshold "p95<300ms"',
)}`,
    )
    .action(async (options: LoadCliOptions) => {
      process.exitCode = await load(options);
    });
}

async function load(options: LoadCliOptions): Promise<number> {
  if (options.list === true) {
    for (const name of listScenarios())
      process.stdout.write(`${name.padEnd(26)} ${loadScenario(name).title}\n`);
    return ExitCode.Conforms;
  }
  const scenario = loadScenario(options.scenario);
  const durationMs = parseDuration(options.duration);
  const warmUpMs = /^0+(ms|s|m)?$/.test(options.warmUp.trim()) ? 0 : parseDuration(options.warmUp);
  const rate = positive(options.rate, '--rate', false);
  const connections = positive(options.connections, '--connections', true);
  const thresholds = options.threshold.length === 0 ? undefined : options.threshold.map(parseThreshold);
  // Refused before minutes of load, never found at the end.
  if (options.exportK6 === undefined) checkOutputDir(options.out, '--out');
  else checkOutputFile(options.exportK6, '--export-k6');
  if (options.k6Tokens !== undefined) checkOutputFile(options.k6Tokens, '--k6-tokens');
  checkFaultNames(options.fault);
  if (options.target !== undefined && options.fault.length > 0) {
    throw new LoadError('ERR_LOAD_OPTION', '--fault applies to the embedded reference only', {
      hint: 'drop --target, or start your server with its own --fault',
    });
  }
  const embedded = options.target === undefined ? await startEmbedded(options.fault) : undefined;
  try {
    const target: Target = embedded?.target ?? loadTarget(options.target ?? '');
    const institutions = options.institution.length === 0 ? undefined : options.institution;
    if (options.exportK6 !== undefined) {
      await exportScript({
        options,
        scenario,
        target,
        durationMs,
        rate,
        connections,
        institutions,
        embedded: embedded !== undefined,
        thresholds: thresholds ?? scenario.thresholds,
      });
      return ExitCode.Conforms;
    }
    const progress = progressLine();
    const report = await runLoad({
      scenario,
      target,
      durationMs,
      warmUpMs,
      rate,
      connections,
      thresholds,
      institutions,
      abortOnFail: options.abortOnFail === true,
      tool: { name: 'stet-harness', version: toolVersion() },
      onSetup: (message) => process.stderr.write(`${message}\n`),
      onProgress: progress.update,
    });
    progress.end();
    await writeLoadReports(report, options.out);
    const t = report.total;
    process.stderr.write(`${endpointTable(report)}\n`);
    if (report.aborted !== undefined) {
      process.stderr.write(
        `ABORTED after ${(report.aborted.atMs / 1000).toFixed(1)} s (--abort-on-fail): ${report.aborted.message}\n`,
      );
    }
    process.stderr.write(
      `${t.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s (${t.throughput.toFixed(1)}/s), p95 ${t.latency.p95.toFixed(1)} ms, ${t.failures} failure(s), ${t.quotaRefusals} quota refusal(s)\n`,
    );
    for (const th of report.thresholds)
      process.stderr.write(`${th.passed ? 'kept  ' : 'BROKEN'} ${th.threshold}: ${th.message}\n`);
    for (const f of report.findings) {
      process.stderr.write(
        `FINDING ${f.rules.map((r) => r.id).join(', ')} at ${f.institution} ${f.endpoint} (${f.count}×): ${f.example.detail}\n`,
      );
    }
    process.stderr.write(`reports written to ${options.out}/\n`);
    return report.verdict === 'passed' ? ExitCode.Conforms : ExitCode.NotConforming;
  } finally {
    await embedded?.close();
  }
}

/**
 * Writes the k6 script, and with `--k6-tokens` the virtual PSUs' tokens obtained now through the
 * real journeys (the script's setup() refreshes them), so a host without the sandbox API can be
 * loaded by k6 too.
 */
async function exportScript(o: {
  options: LoadCliOptions;
  scenario: Scenario;
  target: Target;
  durationMs: number;
  rate: number | undefined;
  connections: number | undefined;
  institutions: string[] | undefined;
  thresholds: Threshold[];
  embedded: boolean;
}): Promise<void> {
  const file = o.options.exportK6 ?? '';
  const script = exportK6({
    scenario: o.scenario,
    target: o.target,
    durationMs: o.durationMs,
    rate: o.rate,
    connections: o.connections,
    thresholds: o.thresholds,
    institutions: o.institutions,
    // The embedded reference is gone when k6 runs: point at `stet-harness serve`'s default address.
    ...(o.embedded ? { connect: '127.0.0.1:8443' } : {}),
  });
  await writeOrRefuse(file, script, 0o644);
  process.stderr.write(`wrote ${file}: run it with your own k6 (docs/load.md)\n`);
  if (o.options.k6Tokens !== undefined) {
    if (o.embedded) {
      throw new LoadError(
        'ERR_LOAD_OPTION',
        '--k6-tokens needs --target: the embedded reference stops with this command',
        {
          hint: 'start `stet-harness serve`, describe it in a target file, and give --target',
        },
      );
    }
    const tokens = await exportK6Tokens({
      scenario: o.scenario,
      target: o.target,
      institutions: o.institutions,
    });
    await writeOrRefuse(o.options.k6Tokens, `${JSON.stringify(tokens, null, 2)}\n`, 0o600);
    process.stderr.write(
      `wrote ${o.options.k6Tokens} (tokens: keep it secret; STET_TOKENS=${o.options.k6Tokens})\n`,
    );
  }
}

async function writeOrRefuse(file: string, text: string, mode: number): Promise<void> {
  try {
    await writeFile(file, text, { mode });
  } catch (error) {
    throw new LoadError('ERR_LOAD_EXPORT', `cannot write ${file}`, {
      cause: error,
      hint: 'check that its folder exists and is writable',
    });
  }
}

async function startEmbedded(
  faults: readonly string[],
): Promise<{ target: Target; close: () => Promise<void> }> {
  process.stderr.write('starting the embedded reference…\n');
  return startEmbeddedTarget({ faults });
}

function positive(value: string | undefined, name: string, integer: boolean): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new LoadError(
      'ERR_LOAD_OPTION',
      `${name} ${value} is not a positive ${integer ? 'integer' : 'number'}`,
      {
        hint: `e.g. ${name} 20`,
      },
    );
  }
  return n;
}

/** The live progress line on stderr: rewritten in place on a terminal, every 5 s otherwise. */
function progressLine(): { update: (p: LoadProgress) => void; end: () => void } {
  const tty = process.stderr.isTTY;
  let printed = false;
  return {
    update(p) {
      if (p.elapsedMs < 0) {
        if (tty) process.stderr.write(`\rwarm-up ${Math.ceil(-p.elapsedMs / 1000)} s\u001b[K`);
        printed = tty;
        return;
      }
      const second = Math.round(p.elapsedMs / 1000);
      const line = `load ${second}/${Math.round(p.durationMs / 1000)} s  ${p.rate}/s  p95 ${p.p95.toFixed(1)} ms  ${p.requests} requests  ${p.failures} failure(s)  ${p.quotaRefusals} quota refusal(s)`;
      if (tty) {
        process.stderr.write(`\r${line}\u001b[K`);
        printed = true;
      } else if (second % 5 === 0) process.stderr.write(`${line}\n`);
    },
    end() {
      if (printed) process.stderr.write('\n');
    },
  };
}
