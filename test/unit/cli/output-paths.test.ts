import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutputDir, checkOutputFile } from '../../../cli/output-paths.ts';
import { parseDuration } from '../../../cli/commands/run.ts';

const dir = mkdtempSync(join(tmpdir(), 'output-paths-'));
const file = join(dir, 'a-file');
writeFileSync(file, 'x');

describe('output paths checked before a command works', () => {
  it('accepts a folder, or one that does not exist yet, for --out', () => {
    expect(() => checkOutputDir(dir, '--out')).not.toThrow();
    expect(() => checkOutputDir(join(dir, 'new', 'deeper'), '--out')).not.toThrow();
  });

  it('refuses a file given as the output folder', () => {
    expect(() => checkOutputDir(file, '--out')).toThrow(/--out .*a-file is a file, not a folder/);
  });

  it('refuses an output file in a missing folder, or under a file, or that is a folder', () => {
    expect(() => checkOutputFile(join(dir, 'missing', 'x.js'), '--out')).toThrow(/does not exist/);
    expect(() => checkOutputFile(join(file, 'x.js'), '--out')).toThrow(/is a file/);
    expect(() => checkOutputFile(dir, '--out')).toThrow(/is a folder, not a file/);
    expect(() => checkOutputFile(join(dir, 'x.js'), '--out')).not.toThrow();
  });
});

describe('--timeout durations', () => {
  it('reads milliseconds, seconds, minutes and bare seconds', () => {
    expect([parseDuration('500ms'), parseDuration('10s'), parseDuration('2m'), parseDuration('3')]).toEqual([
      500, 10_000, 120_000, 3000,
    ]);
  });

  it('refuses what is not a positive duration', () => {
    for (const bad of ['0s', 'ten', '-1s', '5h'])
      expect(() => parseDuration(bad)).toThrow(/is not a duration/);
  });
});
