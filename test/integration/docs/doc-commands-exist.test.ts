/**
 * What the README and the docs pages tell a reader to type exists: every `stet-harness <command>` of
 * their shell blocks is a command, every option given to it is one of that command's options, every
 * `npm run <script>` is a script of package.json, and every repository path they name (in a shell
 * block or between backticks) is a file or folder of the repository. A page walked end to end is
 * test/integration/docs/client-report-walk-through.test.ts.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { commands } from '../../../cli/commands/index.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** The shell lines of a page's ```sh / ```bash blocks, continuation lines joined, comments dropped. */
export function shellLines(markdown: string): string[] {
  const lines: string[] = [];
  for (const block of markdown.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```/gm)) {
    const joined = (block[1] ?? '').replace(/\s*\\\n\s*/g, ' ');
    for (const line of joined.split('\n')) {
      const code = line.replace(/(^|\s)#.*$/, '').trim();
      if (code !== '') lines.push(code);
    }
  }
  return lines;
}

/** The shell lines of a page, and the texts between backticks of its prose that run `stet-harness`. */
export function commandTexts(markdown: string): string[] {
  const inline = [
    ...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/`((?:npx )?stet-harness [^`\n]+)`/g),
  ];
  return [...shellLines(markdown), ...inline.map((m) => m[1] ?? '')];
}

/** Each `stet-harness` invocation of a shell line: its command and the options given to it. */
export function invocations(line: string): { command: string; options: string[] }[] {
  const found: { command: string; options: string[] }[] = [];
  for (const segment of line.split(/&&|\|\||;|\||(?<![>&])&(?!&)/)) {
    const words = segment.trim().split(/\s+/);
    const at = words.findIndex((w) => w === 'stet-harness' || w.endsWith('/stet-harness.ts'));
    if (at < 0) continue;
    const command = words[at + 1] ?? '';
    if (!/^[a-z][a-z0-9-]*$/.test(command)) continue;
    const options = words
      .slice(at + 2)
      .filter((w) => /^--?[A-Za-z]/.test(w))
      .map((w) => w.split('=')[0] ?? w);
    found.push({ command, options });
  }
  return found;
}

/**
 * Paths a page names that a reader makes, not the repository: run outputs, the reader's own target
 * file (copied from targets/example-institution.yaml) and the files a new spec version would add.
 */
const readerMade = [
  /^reports\//,
  /^test-results\//,
  /^targets\/my-bank\.yaml$/,
  /^targets\/reference-local\.yaml$/,
  /^spec\/openapi\/v1\.7\.0\./,
];

/** A path exists as named, or as a vitest filter naming a test file without its `.test.ts`. */
function exists(path: string): boolean {
  return existsSync(join(root, path)) || existsSync(join(root, `${path}.test.ts`));
}

const topFolders = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith('.') && d.name !== 'node_modules')
  .map((d) => d.name);

/**
 * Repository paths a page names: a word of a shell line or a backticked text that starts with a
 * top-level folder of the repository, holds no placeholder (`<…>`, `…`, `*`, `{…}`, `$`) and is not
 * something the reader writes (an --out, --export-k6 or --write-target value).
 */
export function repoPaths(markdown: string): string[] {
  const candidates = [
    ...[...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? ''),
    ...shellLines(markdown).flatMap((line) =>
      line
        .split(/\s+/)
        .filter(
          (_, i, words) => !/^--(out|export-k6|k6-tokens|write-target|pki|data)$/.test(words[i - 1] ?? ''),
        ),
    ),
  ];
  const paths = new Set<string>();
  for (const raw of candidates) {
    const path = raw
      .replace(/^\.\//, '')
      .replace(/[),.:;]+$/, '')
      .replace(/#.*$/, '');
    if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_./-]*$/.test(path)) continue;
    if (!topFolders.includes(path.split('/')[0] ?? '')) continue;
    if (/[<>…*{}$]/.test(path) || readerMade.some((made) => made.test(path))) continue;
    paths.add(path);
  }
  return [...paths];
}

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
