import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCodedError } from '../../../lib/coded-error.ts';
import { ensureReferencePki } from '../../../reference-aspsp/tpp/reference-pki.ts';

let root: string;
let pristine: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'damaged-pem-'));
  pristine = join(root, 'pristine');
  await ensureReferencePki(pristine);
}, 60_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

let copies = 0;

/** A copy of the generated PKI directory with `file` replaced by what `damage` makes of it. */
async function damagedCopy(file: string, damage: (text: string) => string): Promise<string> {
  const dir = join(root, `copy-${++copies}`);
  await cp(pristine, dir, { recursive: true });
  await writeFile(join(dir, file), damage(await readFile(join(dir, file), 'utf8')));
  return dir;
}

/** The error `ensureReferencePki` raises on `dir`, or undefined when it reads the PKI. */
async function errorOf(dir: string): Promise<unknown> {
  return ensureReferencePki(dir).then(
    () => undefined,
    (error: unknown) => error,
  );
}

const truncated = (text: string): string => text.slice(0, Math.floor(text.length / 2));
const garbage = (): string => 'not a PEM file at all\n\u0000\u0001binary junk\n';

describe('a damaged PEM file of the reference PKI directory', () => {
  it('reads a sound directory back without error', async () => {
    expect(await errorOf(pristine)).toBeUndefined();
  });

  const cases: { name: string; file: string; damage: (text: string) => string; says: string }[] = [
    { name: 'a truncated CA certificate', file: 'ca.pem', damage: truncated, says: 'not a PEM certificate' },
    {
      name: 'a truncated demo TPP key',
      file: 'tpp/qwac-key.pem',
      damage: truncated,
      says: 'not a PEM private key',
    },
    {
      name: 'a server certificate of garbage',
      file: 'server.pem',
      damage: garbage,
      says: 'not a PEM certificate',
    },
    {
      name: 'a QSEAL key of garbage',
      file: 'tpp/qseal-key.pem',
      damage: garbage,
      says: 'not a PEM private key',
    },
    { name: 'an empty CA key', file: 'ca-key.pem', damage: () => '', says: 'not a PEM private key' },
  ];
  for (const { name, file, damage, says } of cases) {
    it(`is ERR_PKI_FILE_DAMAGED naming the file, with a way out, for ${name}`, async () => {
      const dir = await damagedCopy(file, damage);
      const error = await errorOf(dir);
      expect(isCodedError(error, 'ERR_PKI_FILE_DAMAGED')).toBe(true);
      if (!isCodedError(error)) return;
      expect(error.message).toContain(join(dir, file));
      expect(error.message).toContain(says);
      expect(error.hint).toContain(`delete ${dir}`);
    });
  }

  it('is ERR_PKI_FILE_DAMAGED when a key stands where a certificate is expected', async () => {
    const dir = join(root, `copy-${++copies}`);
    await cp(pristine, dir, { recursive: true });
    await cp(join(dir, 'server-key.pem'), join(dir, 'server.pem'));
    const error = await errorOf(dir);
    expect(isCodedError(error, 'ERR_PKI_FILE_DAMAGED')).toBe(true);
    expect(error instanceof Error ? error.message : '').toContain(
      `${join(dir, 'server.pem')} is not a PEM certificate`,
    );
  });

  it('is ERR_PKI_FILE_DAMAGED when a certificate stands where a key is expected', async () => {
    const dir = join(root, `copy-${++copies}`);
    await cp(pristine, dir, { recursive: true });
    await cp(join(dir, 'tpp', 'qseal.pem'), join(dir, 'tpp', 'qseal-key.pem'));
    const error = await errorOf(dir);
    expect(isCodedError(error, 'ERR_PKI_FILE_DAMAGED')).toBe(true);
    expect(error instanceof Error ? error.message : '').toContain(
      `${join(dir, 'tpp', 'qseal-key.pem')} is not a PEM private key`,
    );
  });

  it('is ERR_PKI_FILE_DAMAGED when a sound key is not its certificate’s', async () => {
    const dir = join(root, `copy-${++copies}`);
    await cp(pristine, dir, { recursive: true });
    await cp(join(dir, 'aispOnly', 'qwac-key.pem'), join(dir, 'tpp', 'qwac-key.pem'));
    const error = await errorOf(dir);
    expect(isCodedError(error, 'ERR_PKI_FILE_DAMAGED')).toBe(true);
    expect(error instanceof Error ? error.message : '').toContain(
      `${join(dir, 'tpp', 'qwac-key.pem')} is not the private key of the certificate ${join(dir, 'tpp', 'qwac.pem')}`,
    );
  });
});
