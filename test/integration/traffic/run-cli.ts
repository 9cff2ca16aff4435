import { vi } from 'vitest';
import { main } from '../../../cli/main.ts';

/** What one in-process `stet-harness` command printed and its exit code. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `stet-harness <args>` in this process, capturing stdout and stderr. */
export async function runCli(...args: string[]): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr += String(chunk);
    return true;
  });
  process.exitCode = undefined;
  try {
    const code = await main(['node', 'stet-harness', ...args]);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = undefined;
  }
}
