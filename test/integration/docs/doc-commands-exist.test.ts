/**
 * What the README and the docs pages tell a reader to type exists: every `stet-harness <command>` of
 * their shell blocks is a command, every option given to it is one of that command's options, every
 * `npm run <script>` is a script of package.json, and every repository path they name (in a shell
 * block or between backticks) is a file or folder of the repository. A page walked end to end is
 * test/integration/docs/client-report-walk-through.test.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commands } from '../../../cli/commands/index.ts';
import { commandTexts, exists, invocations, repoPaths, root, shellLines } from './doc-shell.ts';

const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

async function commandOptions(): Promise<Map<string, Set<string>>> {
  const program = new Command('stet-harness');
  for (const entry of commands) (await entry.load()).register(program);
  const byCommand = new Map<string, Set<string>>();
  for (const sub of program.commands) {
    const flags = new Set(['--help', '-h']);
    for (const option of sub.options) {
      if (option.long !== undefined) flags.add(option.long);
      if (option.short !== undefined) flags.add(option.short);
    }
    byCommand.set(sub.name(), flags);
  }
  return byCommand;
}

const scripts: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const scriptNames = new Set(
  typeof scripts === 'object' &&
    scripts !== null &&
    'scripts' in scripts &&
    typeof scripts.scripts === 'object'
    ? Object.keys(scripts.scripts ?? {})
    : [],
);

describe('the commands, options, scripts and paths the docs name exist', () => {
  it('reads shell lines, invocations and paths the way a reader does', () => {
    const page =
      '```sh\nnpx stet-harness serve --port 0 \\\n  --store memory &  # comment\nnpm run lint\n```\n`docs/x.md`';
    expect(shellLines(page)).toEqual(['npx stet-harness serve --port 0 --store memory &', 'npm run lint']);
    expect(invocations('npx stet-harness replay x.har [--host 127.0.0.1 --port 0]')).toEqual([
      { command: 'replay', options: ['--host', '--port'] },
    ]);
    expect(invocations('npx stet-harness serve --port=0 & kill $!')).toEqual([
      { command: 'serve', options: ['--port'] },
    ]);
    expect(repoPaths(page)).toEqual(['docs/x.md']);
    expect(commandTexts('Run `stet-harness run --suite ais` then\n```sh\nls\n```\n')).toEqual([
      'ls',
      'stet-harness run --suite ais',
    ]);
  });

  it('knows each command’s options, and no other', async () => {
    const known = await commandOptions();
    expect(known.get('serve')?.has('--port')).toBe(true);
    expect(known.get('record')?.has('--no-redact')).toBe(true);
    expect(known.get('serve')?.has('--suite')).toBe(false);
    expect(known.has('no-such-command')).toBe(false);
  });

  for (const page of pages) {
    const markdown = readFileSync(join(root, page), 'utf8');

    it(`${page}: each stet-harness command and option it gives (shell blocks and prose) is one the CLI accepts`, async () => {
      const known = await commandOptions();
      const wrong: string[] = [];
      for (const line of commandTexts(markdown))
        for (const { command, options } of invocations(line)) {
          const flags = known.get(command);
          if (flags === undefined) wrong.push(`unknown command: ${line}`);
          else
            for (const option of options)
              if (!flags.has(option)) wrong.push(`${command} has no ${option}: ${line}`);
        }
      expect(wrong).toEqual([]);
    });

    it(`${page}: each npm run script exists and each repository path named exists`, () => {
      const missingScripts = shellLines(markdown)
        .flatMap((line) => [...line.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] ?? ''))
        .filter((name) => !scriptNames.has(name));
      expect(missingScripts).toEqual([]);
      expect(repoPaths(markdown).filter((path) => !exists(path))).toEqual([]);
    });
  }
});
