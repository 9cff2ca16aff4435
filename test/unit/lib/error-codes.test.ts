import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CodedError } from '../../../lib/coded-error.ts';
import { errorCodes, type ErrorCode } from '../../../lib/error-codes.ts';
import { ExitCode } from '../../../lib/exit-codes.ts';
import { main } from '../../../cli/main.ts';
import { buildErrorsDoc, errorsPageText } from '../../../tools/spec/errors-doc.ts';

const root = resolve(import.meta.dirname, '../../..');
const registryFile = 'lib/error-codes.ts';
const productFolders = [
  'bin',
  'cli',
  'harness',
  'lib',
  'load',
  'pki',
  'protocol',
  'reference-aspsp',
  'spec',
  'tools',
  'traffic',
];

/** Codes of Node.js and OpenSSL the product matches on but never raises itself. */
const foreignCodes = new Set([
  'ERR_OSSL_PEM_NO_START_LINE',
  'ERR_OSSL_X509_KEY_VALUES_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_PARSE_ARGS_UNKNOWN_OPTION',
  'ERR_PARSE_ARGS_INVALID_OPTION_VALUE',
  'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL',
]);

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules') continue;
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

/**
 * The code literals each product file uses, without comments, type aliases (`type XCode = 'ERR_A' | …`)
 * and the type arguments of `CodedError<…>`: what is left is a code raised, compared or assigned.
 */
function codesInProduct(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const folder of productFolders)
    for (const file of sourceFiles(join(root, folder))) {
      const shown = relative(root, file);
      if (shown === registryFile) continue;
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '')
        .replace(/\btype\s+\w+\s*=[^;]*;/g, '')
        .replace(/CodedError<[^>]*>/g, '');
      for (const match of text.matchAll(/'(ERR_[A-Z0-9_]+)'/g)) {
        const code = match[1] ?? '';
        used.set(code, [...(used.get(code) ?? []), shown]);
      }
    }
  return used;
}

describe('the error code registry', () => {
  const codes = Object.keys(errorCodes) as ErrorCode[];

  it('declares each code once, as ERR_ and capitals', () => {
    const declared = [
      ...readFileSync(join(root, registryFile), 'utf8').matchAll(/^ {2}(ERR_\w+): \{$/gm),
    ].map((m) => m[1]);
    expect(declared.length).toBe(codes.length);
    expect(new Set(declared).size).toBe(declared.length);
    for (const code of codes) expect(code).toMatch(/^ERR_[A-Z0-9]+(_[A-Z0-9]+)*$/);
  });

  it('gives each code a one-line meaning and a hint', () => {
    for (const code of codes) {
      const { meaning, hint, exit } = errorCodes[code];
      expect(meaning, code).toMatch(/^[^\n]{10,}\.$/);
      expect(hint, code).toMatch(/^[^\n]{5,}$/);
      expect([ExitCode.NotConforming, ExitCode.HarnessError], code).toContain(exit);
    }
  });

  it('has every code raised somewhere in the product, and no code outside it', () => {
    const used = codesInProduct();
    expect(codes.filter((code) => !used.has(code))).toEqual([]);
    const unregistered = [...used].filter(([code]) => !(code in errorCodes) && !foreignCodes.has(code));
    expect(unregistered).toEqual([]);
  });

  it('is documented: docs/errors.md is the page generated from it', () => {
    expect(buildErrorsDoc(true)).toBeUndefined();
    const page = readFileSync(join(root, 'docs/errors.md'), 'utf8');
    for (const code of codes) expect(page).toContain(`| \`${code}\` | ${errorCodes[code].exit} |`);
  });

  it('knows every code the documentation names', () => {
    const pages = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => `docs/${name}`)];
    const named = pages.flatMap((page) =>
      [...readFileSync(join(root, page), 'utf8').matchAll(/\bERR_[A-Z0-9_]+/g)].map((m) => ({
        page,
        code: m[0],
      })),
    );
    expect(named.length).toBeGreaterThan(codes.length);
    expect(named.filter(({ code }) => !Object.hasOwn(errorCodes, code))).toEqual([]);
  });

  it('puts a changed meaning in the page', () => {
    const changed = {
      ...errorCodes,
      ERR_SHARD_INVALID: { ...errorCodes.ERR_SHARD_INVALID, meaning: 'Changed.' },
    };
    expect(errorsPageText(changed)).toContain('| `ERR_SHARD_INVALID` | 2 | Changed. |');
    expect(errorsPageText(changed)).not.toBe(errorsPageText());
  });
});

describe('a coded error', () => {
  it('refuses, at compile time, a code the registry does not declare', () => {
    // Nor does it construct: there is no entry to take the hint from.
    expect(
      () =>
        // @ts-expect-error: a misspelt code is not an ErrorCode, so this line must not type-check.
        new CodedError('ERR_SHARD_INVALD', 'bad'),
    ).toThrow(TypeError);
  });

  it('takes the hint of its code when it gives none, and keeps its own otherwise', () => {
    expect(new CodedError('ERR_SHARD_INVALID', 'bad').hint).toBe(errorCodes.ERR_SHARD_INVALID.hint);
    expect(new CodedError('ERR_SHARD_INVALID', 'bad', { hint: 'mine' }).hint).toBe('mine');
  });

  it('ends the command with the exit status of its code in the registry', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['node', 'stet-harness', 'run', '--shard', '5/4'])).toBe(
        errorCodes.ERR_SHARD_INVALID.exit,
      );
      expect(stderr.mock.calls.join('')).toContain('error ERR_SHARD_INVALID');
    } finally {
      stderr.mockRestore();
    }
  });
});
