/**
 * `npm run bench:run`: the main job as a user runs it, `stet-harness run` against the embedded
 * reference (child process, memory store), timed from the command's start to its exit. Prints the
 * total wall time (target: under 15 s, issue 15), how much of it was start-up (CLI, reference, suites), the
 * run itself, the CPU time of every process involved, and the CPU steal of the machine meanwhile:
 * on a shared virtual machine the hypervisor can take a large share of the CPU, which slows every
 * figure and is not the product's doing.
 *
 * Options: `BENCH_CONCURRENCY` (default: the command's default).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describeSteal, readCpuTimes } from './cpu-steal.ts';

const root = resolve(import.meta.dirname, '..');
const out = await mkdtemp(join(tmpdir(), 'stet-bench-run-'));
const concurrency = process.env['BENCH_CONCURRENCY'];
const args = [
  '--import',
  'tsx',
  join(root, 'bin', 'stet-harness.ts'),
  'run',
  '--out',
  out,
  '--reporter',
  'json',
  ...(concurrency === undefined ? [] : ['--concurrency', concurrency]),
];

/** CPU seconds of waited-for children (cutime + cstime of /proc/self/stat), where there is one. */
function childrenCpuSeconds(): number | undefined {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After "pid (comm) ", fields[0] is state (field 3): cutime and cstime are fields 16 and 17.
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}

try {
  const cpuBefore = childrenCpuSeconds();
  const stealBefore = readCpuTimes();
  const started = performance.now();
  const exitCode = await new Promise<number | null>((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => resolvePromise(code));
  });
  const wallMs = performance.now() - started;
  const steal = describeSteal(stealBefore, readCpuTimes());
  const cpuAfter = childrenCpuSeconds();
  const report: unknown = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
  const summary = readSummary(report);
  const runMs = readRunMs(report);
  const lines = [
    `stet-harness run against the embedded reference (exit ${exitCode ?? 'signal'})`,
    `  cases       ${summary}`,
    `  total       ${(wallMs / 1000).toFixed(1)} s from the command's start to its exit (target: under 15 s)`,
    `  of which    ${((wallMs - runMs) / 1000).toFixed(1)} s start-up and reports, ${(runMs / 1000).toFixed(1)} s running the cases`,
    cpuBefore === undefined || cpuAfter === undefined
      ? '  CPU         not available (no /proc)'
      : `  CPU         ${(cpuAfter - cpuBefore).toFixed(1)} s of CPU time, harness and reference together`,
    `  ${steal}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  if (exitCode !== 0) process.exitCode = 1;
} finally {
  await rm(out, { recursive: true, force: true });
}

function readSummary(report: unknown): string {
  const summary = field(report, 'summary');
  const n = (name: string): string => {
    const value = field(summary, name);
    return typeof value === 'number' ? String(value) : '?';
  };
  return `${n('total')} (${n('passed')} passed, ${n('failed')} failed, ${n('errored')} errored, ${n('not-applicable')} not applicable)`;
}

function readRunMs(report: unknown): number {
  const time = (name: string): number => {
    const value = field(report, name);
    return typeof value === 'string' ? Date.parse(value) : NaN;
  };
  const started = time('startedAt');
  const finished = time('finishedAt');
  return Number.isFinite(started) && Number.isFinite(finished) ? finished - started : 0;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;
}
