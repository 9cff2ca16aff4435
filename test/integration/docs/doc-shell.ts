/**
 * Reading the commands and paths of a documentation page the way a reader does: the lines of its shell
 * blocks, the `stet-harness` invocations in them and in its prose, the repository paths it names.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const root = fileURLToPath(new URL('../../../', import.meta.url));

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
      // An optional part the page shows in brackets: `[--host 127.0.0.1 --port 0]`.
      .map((w) => w.replace(/^\[/, '').replace(/\]$/, ''))
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
export function exists(path: string): boolean {
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
