import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../../cli/main.ts';
import { parseReport } from '../../../harness/report/json-report.ts';
import { cellKey, type RunReport } from '../../../harness/report/model.ts';

const dir = mkdtempSync(join(tmpdir(), 'stet-shards-'));

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  process.exitCode = undefined;
  let stderr = '';
  let stdout = '';
  const text = (chunk: string | Uint8Array): string =>
    typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += text(chunk);
    return true;
  });
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += text(chunk);
    return true;
  });
  try {
    const code = await main(['node', 'stet-harness', ...args]);
    return { code, stdout, stderr };
  } finally {
    err.mockRestore();
    out.mockRestore();
    process.exitCode = undefined;
  }
}

function readReport(folder: string): RunReport {
  return parseReport(JSON.parse(readFileSync(join(folder, 'report.json'), 'utf8')));
}

/** Each cell's verdict, by cell. */
function verdicts(report: RunReport): Record<string, string> {
  return Object.fromEntries(report.results.map((r): [string, string] => [cellKey(r), r.status]));
}

const shard = (i: number): string => join(dir, `shard-${i}`);

describe('merge-reports of the shards of one run', () => {
  // One small suite against the embedded reference: the whole run, then its four shards.
  beforeAll(async () => {
    const whole = await cli('run', '--suite', 'smoke-ais', '--quiet', '--out', join(dir, 'whole'));
    expect(whole.code).toBe(0);
    for (const i of [1, 2, 3, 4]) {
      const part = await cli(
        'run',
        '--suite',
        'smoke-ais',
        '--shard',
        `${i}/4`,
        '--quiet',
        '--out',
        shard(i),
      );
      expect(part.code).toBe(0);
    }
  }, 300_000);

  it('writes the run id and the shard into every report: one id for the four shards and the whole run', () => {
    const ids = [1, 2, 3, 4].map((i) => readReport(shard(i)).run);
    expect(ids.map((run) => run?.shard)).toEqual([1, 2, 3, 4].map((index) => ({ index, count: 4 })));
    expect(new Set(ids.map((run) => run?.id)).size).toBe(1);
    expect(readReport(join(dir, 'whole')).run).toEqual({ id: ids[0]?.id, shard: { index: 1, count: 1 } });
  });

  it('refuses 3 shards out of 4: exit 2, the missing shard named, nothing written', async () => {
    const out = join(dir, 'three');
    const three = await cli('merge-reports', shard(1), shard(2), shard(3), '--out', out);
    expect(three.code).toBe(2);
    expect(three.stderr).toContain('error ERR_MERGE_INCOMPLETE: incomplete: shard 4/4 missing');
    expect(three.stdout).not.toContain('the target conforms');
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a shard given twice', async () => {
    const twice = await cli(
      'merge-reports',
      shard(1),
      shard(2),
      shard(3),
      shard(3),
      '--out',
      join(dir, 'twice'),
    );
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('error ERR_MERGE_DUPLICATE: shard 3/4');
  });

  it('merges 3 shards out of 4 with --allow-partial, says so in every output and exits 2', async () => {
    const out = join(dir, 'partial');
    const partial = await cli('merge-reports', shard(1), shard(2), shard(4), '--allow-partial', '--out', out);
    expect(partial.code).toBe(2);
    expect(partial.stdout).toContain('incomplete: shard 3/4 missing');
    expect(readReport(out).run?.missing).toEqual([{ index: 3, count: 4 }]);
    const junit = readFileSync(join(out, 'junit.xml'), 'utf8');
    expect(junit).toContain('<error message="incomplete: shard 3/4 missing" type="incomplete">');
    expect(junit).toMatch(/<testsuites [^>]*errors="1"/);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toMatch(/incomplete: shard 3\/4 missing/i);
  });

  it('merges the 4 shards into the verdicts of the unsharded run, exit 0', async () => {
    const out = join(dir, 'merged');
    const merged = await cli('merge-reports', shard(3), shard(1), shard(4), shard(2), '--out', out);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toContain('the target conforms');
    const report = readReport(out);
    const whole = readReport(join(dir, 'whole'));
    expect(verdicts(report)).toEqual(verdicts(whole));
    expect(report.summary).toEqual(whole.summary);
    expect(report.run).toEqual(whole.run);
  });
});
