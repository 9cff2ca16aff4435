/**
 * Generates a complete test PKI in one call: CA (new or reused), optional TLS server certificate,
 * and a TPP's QWAC and QSEAL, in memory and optionally written to a directory.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Psd2Role } from '../protocol/psd2-roles.ts';
import { createTestCa, type TestCa } from './certificate-authority.ts';
import { issueServerCertificate, issueTppCertificate, type IssuedCertificate } from './issue-certificate.ts';
import { defaultNcaId, parseOrganizationIdentifier } from './organization-identifier.ts';
import { PkiError } from './pki-error.ts';

/** Server names of the group's hosts, and the local ones the harness dials. */
export const defaultServerNames: readonly string[] = [
  '*.psd2.groupbank.example',
  '*.groupbank.example',
  'localhost',
  '127.0.0.1',
];

/** Options of {@link generateTestPki}. */
export interface GenerateTestPkiOptions {
  /** Write PEM files here (created if needed); omit to stay in memory. */
  outDir?: string;
  /** The TPP's organizationIdentifier, e.g. `PSDFR-ACPR-12345`. */
  organizationIdentifier: string;
  roles: readonly Psd2Role[];
  /** Competent authority name; defaults to its identifier's NCA part (`ACPR`). */
  ncaName?: string;
  /** Competent authority id; defaults to `<country>-<NCA>` from the organizationIdentifier (`FR-ACPR`). */
  ncaId?: string;
  organizationName?: string;
  /** Reuse this CA (see `loadTestCa` / `readTestCa`) instead of creating one. */
  ca?: TestCa;
  /** Also issue a server certificate for these names; `[]` for none. Default: {@link defaultServerNames}. */
  serverNames?: readonly string[];
}

/** Paths of the files written, when `outDir` was given. */
export interface TestPkiFiles {
  ca: string;
  /** Only when the CA was created by this call (a reused CA's key is not copied). */
  caKey: string | undefined;
  server: string | undefined;
  serverKey: string | undefined;
  qwac: string;
  qwacKey: string;
  qseal: string;
  qsealKey: string;
}

/** The generated PKI. */
export interface TestPki {
  ca: TestCa;
  server: IssuedCertificate | undefined;
  qwac: IssuedCertificate;
  qseal: IssuedCertificate;
  files: TestPkiFiles | undefined;
}

/**
 * Generates the PKI; throws {@link PkiError} for a malformed organizationIdentifier, no role, empty NCA fields, a bad server name, or an unwritable directory.
 *
 * Every key is generated in parallel; reuse a CA across calls to save one key generation.
 */
export async function generateTestPki(options: GenerateTestPkiOptions): Promise<TestPki> {
  const org = parseOrganizationIdentifier(options.organizationIdentifier);
  if (options.roles.length === 0) {
    throw new PkiError('ERR_PKI_NO_ROLE', 'a TPP certificate needs at least one PSD2 role', {
      hint: 'give roles such as AISP, PISP, CBPII',
    });
  }
  const ncaName = options.ncaName ?? org.nca;
  const ncaId = options.ncaId ?? defaultNcaId(org);
  if (ncaName.trim() === '' || ncaId.trim() === '' || ncaName.length > 256 || ncaId.length > 256) {
    throw new PkiError('ERR_PKI_BAD_NCA', 'the NCA name and id must be 1 to 256 characters', {
      hint: 'e.g. --nca-name "Autorite de controle prudentiel et de resolution" --nca-id FR-ACPR',
    });
  }
  const identity = {
    organizationIdentifier: org.value,
    organizationName: options.organizationName ?? `Test TPP ${org.authorisationNumber}`,
    commonName: `${org.value} test TPP`,
    country: org.country,
    roles: [...new Set(options.roles)],
    ncaName,
    ncaId,
  };
  const serverNames = options.serverNames ?? defaultServerNames;
  const ca = options.ca ?? (await createTestCa());
  const [server, qwac, qseal] = await Promise.all([
    serverNames.length > 0 ? issueServerCertificate(ca, serverNames) : Promise.resolve(undefined),
    issueTppCertificate(ca, 'qwac', identity),
    issueTppCertificate(ca, 'qseal', identity),
  ]);
  const pki: TestPki = { ca, server, qwac, qseal, files: undefined };
  if (options.outDir !== undefined) pki.files = await writePki(options.outDir, pki, options.ca === undefined);
  return pki;
}

async function writePki(dir: string, pki: TestPki, writeCaKey: boolean): Promise<TestPkiFiles> {
  const files: TestPkiFiles = {
    ca: join(dir, 'ca.pem'),
    caKey: writeCaKey ? join(dir, 'ca-key.pem') : undefined,
    server: pki.server === undefined ? undefined : join(dir, 'server.pem'),
    serverKey: pki.server === undefined ? undefined : join(dir, 'server-key.pem'),
    qwac: join(dir, 'qwac.pem'),
    qwacKey: join(dir, 'qwac-key.pem'),
    qseal: join(dir, 'qseal.pem'),
    qsealKey: join(dir, 'qseal-key.pem'),
  };
  const writes: [string | undefined, string, boolean][] = [
    [files.ca, pki.ca.certPem, false],
    [files.caKey, pki.ca.keyPem, true],
    [files.server, pki.server?.certPem ?? '', false],
    [files.serverKey, pki.server?.keyPem ?? '', true],
    [files.qwac, pki.qwac.certPem, false],
    [files.qwacKey, pki.qwac.keyPem, true],
    [files.qseal, pki.qseal.certPem, false],
    [files.qsealKey, pki.qseal.keyPem, true],
  ];
  try {
    await mkdir(dir, { recursive: true });
    for (const [path, content, secret] of writes) {
      if (path !== undefined) await writeFile(path, content, { mode: secret ? 0o600 : 0o644 });
    }
  } catch (cause) {
    throw new PkiError('ERR_PKI_WRITE_FAILED', `cannot write the PKI to ${dir}`, {
      cause,
      hint: 'choose a directory you can write to',
    });
  }
  return files;
}
