import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isRecord } from '../lib/is-record.ts';
import type { Psd2Role } from '../../protocol/psd2-roles.ts';
import {
  createTestCa,
  defaultServerNames,
  generateTestPki,
  issueServerCertificate,
  type TestCa,
} from '../../tools/pki/index.ts';

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
const manifestName = 'pki.json';

/**
 * The PKI in `dir`, generated on first use and reused afterwards (so `serve` keeps its certificates
 * across restarts and starts fast). `pki.json` is written last: a half-written directory is
 * regenerated, never half-read.
 */
export async function ensureReferencePki(dir: string): Promise<ReferencePki> {
  const existing = await readManifest(dir);
  if (existing !== undefined) return existing;
  await mkdir(dir, { recursive: true });
  const [ca, foreign] = await Promise.all([createTestCa(), createTestCa({ commonName: 'Foreign test CA' })]);
  const [server, tpp, aispOnly, unenrolled, foreignCa] = await Promise.all([
    issueServerCertificate(ca, defaultServerNames),
    demoTpp(dir, 'tpp', ca),
    demoTpp(dir, 'aispOnly', ca),
    demoTpp(dir, 'unenrolled', ca),
    demoTpp(dir, 'foreignCa', foreign),
  ]);
  const pki: ReferencePki = {
    ca: join(dir, 'ca.pem'),
    serverCert: join(dir, 'server.pem'),
    serverKey: join(dir, 'server-key.pem'),
    tpps: { tpp, aispOnly, unenrolled, foreignCa },
  };
  await writeFile(pki.ca, ca.certPem);
  await writeFile(join(dir, 'ca-key.pem'), ca.keyPem, { mode: 0o600 });
  await writeFile(pki.serverCert, server.certPem);
  await writeFile(pki.serverKey, server.keyPem, { mode: 0o600 });
  await writeFile(join(dir, manifestName), JSON.stringify(pki, null, 2));
  return pki;
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
  return parseManifest(value);
}

function parseManifest(value: unknown): ReferencePki | undefined {
  if (!isRecord(value) || !isRecord(value.tpps)) return undefined;
  const { ca, serverCert, serverKey, tpps } = value;
  if (typeof ca !== 'string' || typeof serverCert !== 'string' || typeof serverKey !== 'string')
    return undefined;
  const tpp = parseDemoTpp(tpps.tpp, 'tpp');
  const aispOnly = parseDemoTpp(tpps.aispOnly, 'aispOnly');
  const unenrolled = parseDemoTpp(tpps.unenrolled, 'unenrolled');
  const foreignCa = parseDemoTpp(tpps.foreignCa, 'foreignCa');
  if (tpp === undefined || aispOnly === undefined || unenrolled === undefined || foreignCa === undefined)
    return undefined;
  return { ca, serverCert, serverKey, tpps: { tpp, aispOnly, unenrolled, foreignCa } };
}

function parseDemoTpp(value: unknown, name: DemoTppName): DemoTpp | undefined {
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
    qwacCert,
    qwacKey,
    qsealCert,
    qsealKey,
    redirectUri,
  };
}
