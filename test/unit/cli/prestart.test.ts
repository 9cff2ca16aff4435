import { describe, expect, it } from 'vitest';
import { runsOnDefaultReference } from '../../../cli/embedded-reference.ts';

const argv = (...args: string[]): string[] => ['/usr/bin/node', '/x/bin/stet-harness.ts', ...args];

describe('runsOnDefaultReference (what the CLI starts a reference for before it loads)', () => {
  it('is true for a run against the embedded reference, whatever its filters and reports', () => {
    expect(runsOnDefaultReference(argv('run'))).toBe(true);
    expect(
      runsOnDefaultReference(argv('run', '--suite', 'transport', '--out', 'r', '--concurrency', '2')),
    ).toBe(true);
    // An option that only begins like one of those that change the reference.
    expect(runsOnDefaultReference(argv('run', '--attach-nothing'))).toBe(true);
  });

  it('is false for another command, another target, faults, a calendar, a clock or help', () => {
    expect(runsOnDefaultReference(argv())).toBe(false);
    expect(runsOnDefaultReference(argv('serve'))).toBe(false);
    expect(runsOnDefaultReference(argv('selftest'))).toBe(false);
    expect(runsOnDefaultReference(argv('--version', 'run'))).toBe(false);
    for (const option of [
      ['--target', 'bank.yaml'],
      ['--target=bank.yaml'],
      ['--fault', 'code-reusable'],
      ['--fault=code-reusable'],
      ['--calendar', 'c.yaml'],
      ['--at', '2026-12-01'],
      ['--at=2026-12-01'],
      ['--help'],
      ['-h'],
    ])
      expect(runsOnDefaultReference(argv('run', '--suite', 's', ...option)), option.join(' ')).toBe(false);
  });
});
