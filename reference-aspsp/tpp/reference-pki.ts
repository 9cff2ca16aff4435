import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative as relativePath, resolve } from 'node:path';
import { isRecord } from '../lib/is-record.ts';
import type { Psd2Role } from '../../protocol/psd2-roles.ts';
import {
  createTestCa,
  defaultServerNames,
  generateTestPki,
  issueServerCertificate,
  readPemPair,
  type TestCa,
} from '../../pki/index.ts';

/** The demo TPPs of the start line (contracts §8): `tpp` and the alternates of transport cases. */
export type DemoTppName = 'tpp' | 'aispOnly' | 'unenrolled' | 'foreignCa';

/** A demo TPP: its identity and the paths of its PEM files. */
export interface DemoTpp {
  readonly clientId: string;
  readonly name: string;
  readonly roles: readonly Psd2Role[];
  /** Whether the reference enrols it at start (`unenrolled` and `foreignCa` are not). */
  readonly enrolled: boolean;
  readonly qwacCert: string;
  readonly qwacKey: string;
  readonly qsealCert: string;
  readonly qsealKey: string;
  readonly redirectUri: string;
}

/** The reference's PKI on disk: CA, server certificate and demo TPPs. */
export interface ReferencePki {
  readonly ca: string;
  /** The CA's private key, written beside it (`ca-key.pem`). */
  readonly caKey: string;
  readonly serverCert: string;
  readonly serverKey: string;
  readonly tpps: Readonly<Record<DemoTppName, DemoTpp>>;
}

/** Redirect URI enrolled for every demo TPP. */
export const demoRedirectUri = 'https://tpp.example/callback';

const demoTpps: Readonly<
  Record<DemoTppName, { org: string; name: string; roles: Psd2Role[]; enrolled: boolean }>
> = {
  tpp: { org: 'PSDFR-ACPR-12345', name: 'Demo TPP', roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'], enrolled: true },
  aispOnly: { org: 'PSDFR-ACPR-23456', name: 'Demo AISP-only TPP', roles: ['PSP_AI'], enrolled: true },
  unenrolled: {
    org: 'PSDFR-ACPR-34567',
    name: 'Unenrolled TPP',
    roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
    enrolled: false,
  },
  foreignCa: {
    org: 'PSDFR-ACPR-45678',
    name: 'TPP of a foreign CA',
    roles: ['PSP_AI', 'PSP_PI', 'PSP_IC'],
    enrolled: false,
  },
};
// Paths in the manifest are relative to its directory; the name changed with that format, so a
// directory written by an older version is regenerated rather than misread.
const manifestName = 'pki-manifest.json';

/**
 * The PKI in `dir`, generated on first use and reused afterwards (so `serve` and the embedded reference
 * keep their certificates across starts and start fast). It is generated in a staging directory beside
 * `dir` and renamed into place, so two processes starting at once never mix two generations and a
 * half-written directory is never read.
 */
export async function ensureReferencePki(where: string): Promise<ReferencePki> {
  const dir = resolve(where);
  const existing = await readManifest(dir);
  if (existing !== undefined) return checkPemFiles(existing, dir);
  await mkdir(dirname(dir), { recursive: true });
  const staging = `${dir}.staging-${process.pid}-${randomUUID()}`;
  try {
    await generateInto(staging);
    if (!(await moveIntoPlace(staging, dir))) {
      // Another process won the race with a complete PKI, or a stale half-written one is in the way.
      const winner = await readManifest(dir);
      if (winner !== undefined) return winner;
      await rm(dir, { recursive: true, force: true });
      if (!(await moveIntoPlace(staging, dir))) throw new Error(`cannot move the generated PKI into ${dir}`);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  const pki = await readManifest(dir);
  if (pki === undefined) throw new Error(`the PKI generated in ${dir} cannot be read back`);
  return pki;
}

/**
 * Checks every PEM file of a PKI read back from `dir` (each certificate parses, each key parses and is
 * its certificate's): a file truncated or replaced is `ERR_PKI_FILE_DAMAGED` naming it, not a crash
 * later in TLS or enrolment.
 */
async function checkPemFiles(pki: ReferencePki, dir: string): Promise<ReferencePki> {
  const fix =
    `delete ${dir} so that a new PKI is generated there at the next start (demo TPP certificates ` +
    `copied elsewhere must then be copied again), or restore the file from a copy`;
  const pairs = [
    { cert: pki.ca, key: pki.caKey },
    { cert: pki.serverCert, key: pki.serverKey },
    ...Object.values(pki.tpps).flatMap((t) => [
      { cert: t.qwacCert, key: t.qwacKey },
      { cert: t.qsealCert, key: t.qsealKey },
    ]),
  ];
  await Promise.all(pairs.map((pair) => readPemPair(pair, fix)));
  return pki;
}

async function moveIntoPlace(staging: string, dir: string): Promise<boolean> {
  try {
    await rename(staging, dir);
    return true;
  } catch (error) {
    if (isRecord(error) && (error.code === 'ENOTEMPTY' || error.code === 'EEXIST')) return false;
    throw error;
  }
}

/** Writes a complete PKI into `dir`; the manifest holds paths relative to `dir` and is written last. */
async function generateInto(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const [ca, foreign] = await Promise.all([createTestCa(), createTestCa({ commonName: 'Foreign test CA' })]);
  const [server, tpp, aispOnly, unenrolled, foreignCa] = await Promise.all([
    issueServerCertificate(ca, defaultServerNames),
    demoTpp(dir, 'tpp', ca),
    demoTpp(dir, 'aispOnly', ca),
    demoTpp(dir, 'unenrolled', ca),
    demoTpp(dir, 'foreignCa', foreign),
  ]);
  await writeFile(join(dir, 'ca.pem'), ca.certPem);
  await writeFile(join(dir, 'ca-key.pem'), ca.keyPem, { mode: 0o600 });
  await writeFile(join(dir, 'server.pem'), server.certPem);
  await writeFile(join(dir, 'server-key.pem'), server.keyPem, { mode: 0o600 });
  const relative = (t: DemoTpp): DemoTpp => ({
    ...t,
    qwacCert: relativePath(dir, t.qwacCert),
    qwacKey: relativePath(dir, t.qwacKey),
    qsealCert: relativePath(dir, t.qsealCert),
    qsealKey: relativePath(dir, t.qsealKey),
  });
  const manifest: Omit<ReferencePki, 'caKey'> = {
    ca: 'ca.pem',
    serverCert: 'server.pem',
    serverKey: 'server-key.pem',
    tpps: {
      tpp: relative(tpp),
      aispOnly: relative(aispOnly),
      unenrolled: relative(unenrolled),
      foreignCa: relative(foreignCa),
    },
  };
  await writeFile(join(dir, manifestName), JSON.stringify(manifest, null, 2));
}

async function demoTpp(dir: string, name: DemoTppName, ca: TestCa): Promise<DemoTpp> {
  const spec = demoTpps[name];
  const generated = await generateTestPki({
    outDir: join(dir, name),
    organizationIdentifier: spec.org,
    organizationName: spec.name,
    roles: spec.roles,
    ca,
    serverNames: [],
  });
  const files = generated.files;
  if (files === undefined) throw new Error('generateTestPki wrote no files');
  return {
    clientId: spec.org,
    name: spec.name,
    roles: spec.roles,
    enrolled: spec.enrolled,
    qwacCert: files.qwac,
    qwacKey: files.qwacKey,
    qsealCert: files.qseal,
    qsealKey: files.qsealKey,
    redirectUri: demoRedirectUri,
  };
}

async function readManifest(dir: string): Promise<ReferencePki | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, manifestName), 'utf8');
  } catch {
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return parseManifest(value, dir);
}

function parseManifest(value: unknown, dir: string): ReferencePki | undefined {
  if (!isRecord(value) || !isRecord(value.tpps)) return undefined;
  const { ca, serverCert, serverKey, tpps } = value;
  if (typeof ca !== 'string' || typeof serverCert !== 'string' || typeof serverKey !== 'string')
    return undefined;
  const tpp = parseDemoTpp(tpps.tpp, 'tpp', dir);
  const aispOnly = parseDemoTpp(tpps.aispOnly, 'aispOnly', dir);
  const unenrolled = parseDemoTpp(tpps.unenrolled, 'unenrolled', dir);
  const foreignCa = parseDemoTpp(tpps.foreignCa, 'foreignCa', dir);
  if (tpp === undefined || aispOnly === undefined || unenrolled === undefined || foreignCa === undefined)
    return undefined;
  return {
    ca: resolve(dir, ca),
    caKey: resolve(dir, 'ca-key.pem'),
    serverCert: resolve(dir, serverCert),
    serverKey: resolve(dir, serverKey),
    tpps: { tpp, aispOnly, unenrolled, foreignCa },
  };
}

function parseDemoTpp(value: unknown, name: DemoTppName, dir: string): DemoTpp | undefined {
  if (!isRecord(value)) return undefined;
  const { clientId, qwacCert, qwacKey, qsealCert, qsealKey, redirectUri } = value;
  const paths = [clientId, qwacCert, qwacKey, qsealCert, qsealKey, redirectUri];
  if (typeof clientId !== 'string' || typeof qwacCert !== 'string' || typeof qwacKey !== 'string')
    return undefined;
  if (typeof qsealCert !== 'string' || typeof qsealKey !== 'string' || typeof redirectUri !== 'string')
    return undefined;
  if (paths.some((p) => p === '')) return undefined;
  const spec = demoTpps[name];
  return {
    clientId,
    name: spec.name,
    roles: spec.roles,
    enrolled: spec.enrolled,
    qwacCert: resolve(dir, qwacCert),
    qwacKey: resolve(dir, qwacKey),
    qsealCert: resolve(dir, qsealCert),
    qsealKey: resolve(dir, qsealKey),
    redirectUri,
  };
}
