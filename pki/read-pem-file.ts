/**
 * Reading the PEM files of a data directory the tool wrote earlier (the reference's PKI): a file
 * truncated, overwritten or swapped for another kind is a {@link PkiError} `ERR_PKI_FILE_DAMAGED`
 * naming the file and the way out, never a stack from node:crypto.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PkiError } from './pki-error.ts';

/** What a PEM file must hold. */
export type PemKind = 'certificate' | 'private key';

/** A certificate file and the private key file that goes with it. */
export interface PemPairPaths {
  readonly cert: string;
  readonly key: string;
}

/**
 * Reads `path` and checks it holds one PEM of `kind`; returns its text. `fix` is the hint: how to get
 * a sound file back (e.g. delete the directory that holds it so it is generated again).
 */
export async function readPemFile(path: string, kind: PemKind, fix: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw damaged(path, 'cannot be read', fix, cause);
  }
  try {
    if (kind === 'certificate') new X509Certificate(text);
    else createPrivateKey(text);
  } catch (cause) {
    throw damaged(path, `is not a PEM ${kind} (truncated, damaged or another kind of file)`, fix, cause);
  }
  return text;
}

/** Reads a certificate and its key with {@link readPemFile} and checks the key is the certificate's. */
export async function readPemPair(paths: PemPairPaths, fix: string): Promise<{ cert: string; key: string }> {
  const [cert, key] = await Promise.all([
    readPemFile(paths.cert, 'certificate', fix),
    readPemFile(paths.key, 'private key', fix),
  ]);
  if (!new X509Certificate(cert).checkPrivateKey(createPrivateKey(key)))
    throw damaged(paths.key, `is not the private key of the certificate ${paths.cert}`, fix);
  return { cert, key };
}

function damaged(path: string, what: string, fix: string, cause?: unknown): PkiError {
  return new PkiError('ERR_PKI_FILE_DAMAGED', `${path} ${what}`, { cause, hint: fix });
}
