import { X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultName } from '../../../../../reference-aspsp/faults/catalogue.ts';
import { noFaults } from '../../../../../reference-aspsp/faults/no-faults.ts';
import { ApiError } from '../../../../../reference-aspsp/server/api-error.ts';
import {
  enrolledTppStage,
  trustedCertificateStage,
} from '../../../../../reference-aspsp/server/stages/certificate-stage.ts';
import { openMemoryStore } from '../../../../../reference-aspsp/store/memory-store.ts';
import { enrolDemoTpps } from '../../../../../reference-aspsp/tpp/enrol-demo-tpps.ts';
import { ensureReferencePki, type ReferencePki } from '../../../../../reference-aspsp/tpp/reference-pki.ts';

let dir = '';
let pki: ReferencePki;
const store = openMemoryStore();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stet-certificate-stage-'));
  pki = await ensureReferencePki(join(dir, 'pki'));
  await store.transaction((tx) => enrolDemoTpps(tx, pki));
}, 60_000);
afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

/** A TLS connection that presented the certificate in `file` (trusted or not by the server's CA). */
async function connection(file: string, authorized: boolean): Promise<TLSSocket> {
  const socket = new TLSSocket(new Socket());
  const peer = new X509Certificate(await readFile(file, 'utf8'));
  socket.getPeerX509Certificate = () => peer;
  socket.authorized = authorized;
  if (!authorized) socket.authorizationError = new Error('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  return socket;
}

async function refusal(run: Promise<unknown>): Promise<string | undefined> {
  try {
    await run;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return undefined;
}

describe('the certificate stage', () => {
  it('refuses a plain connection and an untrusted certificate', async () => {
    expect(await refusal(enrolledTppStage(undefined, { tx: store, role: 'aisp', faults: noFaults }))).toBe(
      'CERT_MISSING',
    );
    const foreign = await connection(pki.tpps.foreignCa.qwacCert, false);
    expect(await refusal(enrolledTppStage(foreign, { tx: store, role: undefined, faults: noFaults }))).toBe(
      'CERT_UNTRUSTED',
    );
  });

  it('identifies the enrolled TPP of a trusted QWAC with the role the route needs', async () => {
    const socket = await connection(pki.tpps.tpp.qwacCert, true);
    const identified = await enrolledTppStage(socket, { tx: store, role: 'pisp', faults: noFaults });
    expect(identified.tpp.clientId).toBe(pki.tpps.tpp.clientId);
  });

  it('refuses a trusted TPP that is not enrolled BE05 and a missing role ROLE_MISSING', async () => {
    const unenrolled = await connection(pki.tpps.unenrolled.qwacCert, true);
    expect(
      await refusal(enrolledTppStage(unenrolled, { tx: store, role: undefined, faults: noFaults })),
    ).toBe('BE05');
    const aispOnly = await connection(pki.tpps.aispOnly.qwacCert, true);
    expect(await refusal(enrolledTppStage(aispOnly, { tx: store, role: 'pisp', faults: noFaults }))).toBe(
      'ROLE_MISSING',
    );
  });

  it('lets a TPP without the role through under the fault qwac-role-not-checked', async () => {
    const aispOnly = await connection(pki.tpps.aispOnly.qwacCert, true);
    const faults = new Set<FaultName>(['qwac-role-not-checked']);
    const identified = await enrolledTppStage(aispOnly, { tx: store, role: 'pisp', faults });
    expect(identified.tpp.clientId).toBe(pki.tpps.aispOnly.clientId);
  });

  it('accepts a trusted certificate of a TPP not enrolled yet on trusted-certificate routes', async () => {
    const unenrolled = await connection(pki.tpps.unenrolled.qwacCert, true);
    const outcome = await trustedCertificateStage(unenrolled, store);
    expect([outcome.tpp, outcome.certificate.fingerprint.length]).toEqual([undefined, 64]);
    const enrolled = await trustedCertificateStage(await connection(pki.tpps.tpp.qwacCert, true), store);
    expect(enrolled.tpp?.clientId).toBe(pki.tpps.tpp.clientId);
    const foreign = await connection(pki.tpps.foreignCa.qwacCert, false);
    expect(await refusal(trustedCertificateStage(foreign, store))).toBe('CERT_UNTRUSTED');
  });
});
