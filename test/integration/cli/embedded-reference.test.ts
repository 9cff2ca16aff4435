import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedReference } from '../../../cli/embedded-reference.ts';
import { parseServeInfo } from '../../../harness/index.ts';
import { isCodedError } from '../../../lib/coded-error.ts';
import { ensureReferencePki } from '../../../reference-aspsp/tpp/reference-pki.ts';

const dir = mkdtempSync(join(tmpdir(), 'embedded-reference-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded reference in a child process', () => {
  it('starts, prints its start line and stops on close', async () => {
    const reference = await startEmbeddedReference({ pkiDir: join(dir, 'pki') });
    try {
      const info = parseServeInfo(reference.info);
      expect(info.mode).toBe('sandbox');
      expect(info.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+/);
    } finally {
      await reference.close();
    }
  });

  it('refuses an unknown fault with a coded error carrying the reference log', async () => {
    const error: unknown = await startEmbeddedReference({
      pkiDir: join(dir, 'pki'),
      faults: ['no-such-fault'],
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isCodedError(error, 'ERR_EMBEDDED_REFERENCE')).toBe(true);
    expect(isCodedError(error) ? error.hint : '').toContain('no-such-fault');
  });
});

describe('the reference PKI cache', () => {
  it('gives two concurrent first starts one consistent PKI', async () => {
    const pkiDir = join(dir, 'race');
    const [a, b] = await Promise.all([ensureReferencePki(pkiDir), ensureReferencePki(pkiDir)]);
    expect(a).toEqual(b);
    const ca = new X509Certificate(readFileSync(a.ca));
    const qwac = new X509Certificate(readFileSync(a.tpps.tpp.qwacCert));
    expect(qwac.verify(ca.publicKey)).toBe(true);
    expect(a.ca.startsWith(pkiDir)).toBe(true);
  });
});
