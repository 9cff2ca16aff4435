/**
 * CPU steal from /proc/stat: the share of time the hypervisor ran other guests while this machine
 * wanted the CPU. A shared virtual machine can lose half its CPU that way; benchmarks print it so that
 * a slow figure can be told apart from a slow product.
 */
import { readFileSync } from 'node:fs';

/** Aggregate CPU counters (jiffies) of the `cpu` line; undefined where /proc/stat is missing. */
export interface CpuTimes {
  readonly total: number;
  readonly steal: number;
  readonly idle: number;
}

export function readCpuTimes(): CpuTimes | undefined {
  let text: string;
  try {
    text = readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  const fields = /^cpu\s+(.+)$/m.exec(text)?.[1]?.trim().split(/\s+/).map(Number);
  if (fields === undefined || fields.length < 8 || fields.some((n) => !Number.isFinite(n))) return undefined;
  // user nice system idle iowait irq softirq steal [guest guest_nice: already counted in user/nice]
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { total: user + nice + system + idle + iowait + irq + softirq + steal, steal, idle: idle + iowait };
}

/** "steal 12% of CPU time" between two readings, or a note that it could not be read. */
export function describeSteal(before: CpuTimes | undefined, after: CpuTimes | undefined): string {
  if (before === undefined || after === undefined || after.total <= before.total)
    return 'CPU steal: not available (no /proc/stat)';
  const share = (after.steal - before.steal) / (after.total - before.total);
  const idle = (after.idle - before.idle) / (after.total - before.total);
  return `CPU steal ${(share * 100).toFixed(0)}% (time taken by other guests of the host), idle ${(idle * 100).toFixed(0)}%`;
}
