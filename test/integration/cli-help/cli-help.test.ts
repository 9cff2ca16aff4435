import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commands } from '../../../cli/commands/index.ts';
import { main } from '../../../cli/main.ts';

const root = resolve(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const bin = join(root, 'bin/stet-harness.ts');

/** `stet-harness <args>` in this process: its exit code and what it wrote to stdout. */
async function helpOf(...args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  });
  try {
    const code = await main(['node', 'stet-harness', ...args]);
    return { code, out };
  } finally {
    write.mockRestore();
  }
}

/** Runs `stet-harness <args>` as a user does: a child process, its stderr and exit code. */
function cli(...args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(tsx, [bin, ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stderr }));
  });
}

/** The names of the subcommands a command module registers (`target` has `target check`). */
async function subcommandsOf(name: string): Promise<string[][]> {
  const entry = commands.find((c) => c.name === name);
  if (entry === undefined) throw new Error(`no command ${name}`);
  const program = new Command('stet-harness');
  (await entry.load()).register(program);
  return program.commands.flatMap((command) => [
    [command.name()],
    ...command.commands.map((sub) => [command.name(), sub.name()]),
  ]);
}

afterEach(() => {
  process.exitCode = undefined;
});

describe('the help of every command', () => {
  it.each(commands.map((c) => c.name))('shows an example in `%s --help`', async (name) => {
    for (const path of await subcommandsOf(name)) {
      const { code, out } = await helpOf(...path, '--help');
      expect(code, path.join(' ')).toBe(0);
      expect(out, path.join(' ')).toMatch(/^Examples?:\n {2}stet-harness /m);
    }
  });

  it.each(commands.map((c) => c.name))('shows no default that says nothing in `%s --help`', async (name) => {
    const { out } = await helpOf(name, '--help');
    expect(out).not.toContain('(default: [])');
    expect(out).not.toContain('(default: false)');
  });

  it('says what run really defaults to: every reporter, the suites/ folder, 8 cases at once', async () => {
    const { out } = await helpOf('run', '--help');
    const flat = out.replace(/\s+/g, ' ');
    expect(flat).toMatch(
      /--reporter <names> reporters among console, junit, json, html .*default: all of them/,
    );
    expect(flat).toMatch(/--suites <path> suite file or folder \(repeatable\); default: suites\//);
    expect(flat).toContain('cases run at the same time (default: "8")');
  });
});

describe('did you mean, on the command line', () => {
  it('refuses a typo in --suite with exit 2 and the suite meant', async () => {
    const run = await cli('run', '--suite', 'smok-ais', '--out', '/tmp/stet-cli-help-unused');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('error ERR_FILTER_UNKNOWN: unknown suite smok-ais: did you mean smoke-ais?');
    // The suggestion replaces the list of every suite.
    expect(run.stderr).not.toContain('smoke-pis');
  });

  it('refuses a typo in --fault with exit 2, the fault meant and no source file', async () => {
    const run = await cli('run', '--fault', 'pages-overlapp', '--out', '/tmp/stet-cli-help-unused');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'error ERR_FAULT_NAME: unknown fault pages-overlapp: did you mean pages-overlap?',
    );
    expect(run.stderr).not.toMatch(/\.ts\b/);
  });

  it.each(['fuzz', 'load', 'versions', 'repro smoke-ais'])(
    'refuses a typo in %s --fault before the embedded reference starts',
    async (command) => {
      const run = await cli(...command.split(' '), '--fault', 'pages-overlapp');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        'error ERR_FAULT_NAME: unknown fault pages-overlapp: did you mean pages-overlap?',
      );
    },
  );

  it('refuses a typo in serve --fault before the bank starts', async () => {
    const run = await cli('serve', '--port', '0', '--store', 'memory', '--fault', 'pages-overlapp');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('did you mean pages-overlap?');
  });
});
