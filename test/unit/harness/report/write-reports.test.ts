import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isCodedError } from '../../../../lib/coded-error.ts';
import { combineReporters } from '../../../../harness/report/combine-reporters.ts';
import type { Reporter } from '../../../../harness/report/model.ts';
import { writeReports } from '../../../../harness/report/write-reports.ts';
import { planted, rawReport, registeredSecrets } from './fixture.ts';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'stet-reports-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('writeReports', () => {
  it('writes junit.xml, report.json and report.html into a new directory', async () => {
    const outDir = join(await tempDir(), 'nested', 'out');
    const written = await writeReports(rawReport(), { outDir, secrets: registeredSecrets() });
    expect(written).toEqual([
      join(outDir, 'junit.xml'),
      join(outDir, 'report.json'),
      join(outDir, 'report.html'),
    ]);
    const texts = await Promise.all(written.map((path) => readFile(path, 'utf8')));
    expect(texts[0]).toContain('<testsuites ');
    expect(texts[1]).toContain('"summary"');
    expect(texts[2]).toContain('<!doctype html>');
    for (const text of texts) {
      for (const secret of Object.values(planted)) expect(text).not.toContain(secret);
    }
  });

  it('writes only the formats asked for', async () => {
    const outDir = await tempDir();
    expect(
      await writeReports(rawReport(), { outDir, formats: ['json'], secrets: registeredSecrets() }),
    ).toEqual([join(outDir, 'report.json')]);
  });

  it('fails with ERR_REPORT_WRITE when the directory cannot be created', async () => {
    const file = join(await tempDir(), 'a-file');
    await writeFile(file, 'x');
    let caught: unknown;
    try {
      await writeReports(rawReport(), { outDir: join(file, 'out') });
    } catch (error) {
      caught = error;
    }
    expect(isCodedError(caught, 'ERR_REPORT_WRITE')).toBe(true);
  });
});

describe('combineReporters', () => {
  it('forwards every hook to every reporter in order', async () => {
    const calls: string[] = [];
    const make = (name: string): Reporter => ({
      onRunStart: () => calls.push(`${name}:start`),
      onCaseEnd: (r) => calls.push(`${name}:${r.case}`),
      onRunEnd: async () => {
        calls.push(`${name}:end`);
      },
    });
    const report = rawReport();
    const combined = combineReporters([
      make('a'),
      make('b'),
      { onRunEnd: async () => void calls.push('c:end') },
    ]);
    combined.onRunStart?.({
      tool: report.tool,
      target: report.target,
      matrix: report.matrix,
      total: 1,
      startedAt: report.startedAt,
    });
    combined.onCaseStart?.(report.results[0] ?? report.results[1]!);
    combined.onCaseEnd?.(report.results[0]!);
    await combined.onRunEnd(report);
    expect(calls).toEqual(['a:start', 'b:start', 'a:date-range', 'b:date-range', 'a:end', 'b:end', 'c:end']);
  });
});
