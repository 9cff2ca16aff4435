/**
 * Fails when a folder imports from a folder it may not depend on (Playwright's DEPS.list idea).
 *
 * `harness/` and `reference-aspsp/` meet only over HTTP and through `spec/`; `cli/` is the one place
 * that composes them. Run by `npm test` via `npm run deps:check`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** What each top-level folder may import from (besides itself and node_modules). */
export const allowedImports: Readonly<Record<string, readonly string[]>> = {
  lib: [],
  protocol: ['lib'],
  spec: ['lib'],
  // The test PKI: the one place certificates are issued, shared by every runtime folder.
  pki: ['lib', 'protocol'],
  tools: ['lib', 'protocol', 'spec', 'pki'],
  'reference-aspsp': ['lib', 'protocol', 'spec', 'pki'],
  harness: ['lib', 'protocol', 'spec', 'pki'],
  traffic: ['lib', 'protocol', 'spec', 'pki', 'harness'],
  load: ['lib', 'protocol', 'spec', 'pki', 'harness', 'traffic'],
  cli: ['lib', 'protocol', 'spec', 'pki', 'tools', 'reference-aspsp', 'harness', 'traffic', 'load'],
  bin: ['cli'],
  bench: ['lib', 'protocol', 'spec', 'pki', 'tools', 'reference-aspsp', 'harness', 'traffic', 'load', 'cli'],
  test: [
    'lib',
    'protocol',
    'spec',
    'pki',
    'tools',
    'reference-aspsp',
    'harness',
    'traffic',
    'load',
    'cli',
    'bench',
  ],
};

const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts)$/.test(name)) yield path;
  }
}

function topFolder(path: string): string {
  return relative(root, path).split(sep)[0] ?? '';
}

const violations: string[] = [];
for (const folder of Object.keys(allowedImports)) {
  const dir = join(root, folder);
  try {
    statSync(dir);
  } catch {
    continue;
  }
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const target = topFolder(resolve(dirname(file), specifier));
      if (target === folder) continue;
      if (!(allowedImports[folder] ?? []).includes(target)) {
        violations.push(
          `${relative(root, file)}: imports '${specifier}' (${folder}/ may not depend on ${target}/)`,
        );
      }
    }
  }
}

if (violations.length > 0) {
  process.stderr.write(`Folder boundary violations (see tools/check-deps.ts):\n${violations.join('\n')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write('deps:check: every import respects the folder boundaries\n');
}
