import { afterAll, describe, expect, it } from 'vitest';
import { computeDigest } from '../../../../../protocol/digest.ts';
import { signRequest } from '../../../../../protocol/sign-request.ts';
import type { FaultName } from '../../../../../reference-aspsp/faults/catalogue.ts';
import { noFaults } from '../../../../../reference-aspsp/faults/no-faults.ts';
import type { Institution } from '../../../../../reference-aspsp/institutions/institution.ts';
import { loadInstitutions } from '../../../../../reference-aspsp/institutions/load-institutions.ts';
import { ApiError } from '../../../../../reference-aspsp/server/api-error.ts';
import { SignatureReplayCache } from '../../../../../reference-aspsp/server/signature-replay-cache.ts';
import { WorkerVerifier } from '../../../../../reference-aspsp/server/signature-verifier.ts';
import {
  signatureStage,
  type SignatureStageRequest,
} from '../../../../../reference-aspsp/server/stages/signature-stage.ts';
import { signingTpp } from '../../../../setup/signing-tpp.ts';
import { referenceChoices } from '../../../../../reference-aspsp/choices/index.ts';

const { tpp, privateKey } = signingTpp('Stage TPP');
const found = loadInstitutions().find((i) => i.signatureFreshness === undefined);
if (found === undefined) throw new Error('an institution without signature freshness is needed');
const institution: Institution = found;

/** A GET signed over the institution's policy headers, with its body. */
function signedRequest(body = Buffer.alloc(0)): SignatureStageRequest & { headers: Record<string, string> } {
  const headers: Record<string, string> = {
    'x-request-id': '4a3c4c6e-5a43-4d4e-a6a5-1b2c3d4e5f60',
    date: new Date().toUTCString(),
    digest: computeDigest(body),
  };
  headers.signature = signRequest({
    method: 'GET',
    path: '/stet/psd2/v1/accounts',
    headers,
    keyId: tpp.clientId,
    privateKey,
    headerNames: [...institution.signatureHeaders, 'date'],
  });
  return {
    signed: true,
    method: 'GET',
    target: '/stet/psd2/v1/accounts',
    headers,
    body,
    institution,
    tpp,
    now: new Date(),
  };
}

function refusal(
  request: SignatureStageRequest,
  faults: ReadonlySet<FaultName> = noFaults,
): string | undefined {
  try {
    // Without a verifier the RSA operation runs inline: nothing to wait for.
    const outcome = signatureStage(
      { faults, replays: new SignatureReplayCache(), choices: referenceChoices },
      request,
    );
    if (outcome instanceof Promise) throw new Error('the inline verifier answered later');
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
  return undefined;
}

describe('the signature stage', () => {
  it('passes a request signed with the enrolled QSEAL over the policy headers', () => {
    expect(refusal(signedRequest())).toBeUndefined();
  });

  it('refuses a request whose signed target was changed, or that has no Signature', () => {
    expect(refusal({ ...signedRequest(), target: '/stet/psd2/v1/accounts?page=2' })).toBe(
      'SIGNATURE_INVALID',
    );
    const { signature: _dropped, ...unsigned } = signedRequest().headers;
    expect(refusal({ ...signedRequest(), headers: unsigned })).toBe('SIGNATURE_INVALID');
  });

  it('refuses a body its Digest does not match', () => {
    expect(refusal({ ...signedRequest(), body: Buffer.from('{}') })).toBe('DIGEST_INVALID');
  });

  it('checks nothing on routes that are not signed', () => {
    expect(refusal({ ...signedRequest(), signed: false, target: '/elsewhere' })).toBeUndefined();
  });

  it('skips the whole check under signature-not-checked, only the Digest under digest-not-checked', () => {
    const tampered = { ...signedRequest(), target: '/stet/psd2/v1/accounts?page=2' };
    expect(refusal(tampered, new Set<FaultName>(['signature-not-checked']))).toBeUndefined();
    const digestOnly = { ...signedRequest(), body: Buffer.from('{}') };
    expect(refusal(digestOnly, new Set<FaultName>(['digest-not-checked']))).toBeUndefined();
    expect(refusal(tampered, new Set<FaultName>(['digest-not-checked']))).toBe('SIGNATURE_INVALID');
  });

  it('refuses a signature dated outside the freshness window, unless under signature-freshness-not-checked', () => {
    const fresh: Institution = {
      ...institution,
      signatureFreshness: { windowSeconds: 60, replayCache: false },
    };
    const late = { ...signedRequest(), institution: fresh, now: new Date(Date.now() + 120_000) };
    expect(refusal({ ...late, now: new Date() })).toBeUndefined();
    expect(refusal(late)).toBe('SIGNATURE_INVALID');
    expect(refusal(late, new Set<FaultName>(['signature-freshness-not-checked']))).toBeUndefined();
  });
});

describe('the signature stage with the RSA operation on a worker thread', () => {
  const verifier = new WorkerVerifier();
  afterAll(() => verifier.close());

  /** The refusal code once the stage settled, and whether it had to be waited for. */
  async function settled(
    request: SignatureStageRequest,
    replays = new SignatureReplayCache(),
  ): Promise<{ waited: boolean; code: string | undefined }> {
    let waited = false;
    try {
      const outcome = signatureStage(
        { faults: noFaults, replays, verifier, choices: referenceChoices },
        request,
      );
      waited = outcome instanceof Promise;
      await outcome;
    } catch (error) {
      if (error instanceof ApiError) return { waited, code: error.code };
      throw error;
    }
    return { waited, code: undefined };
  }

  it('passes a signed request and refuses a changed one once the worker answered', async () => {
    expect(await settled(signedRequest())).toEqual({ waited: true, code: undefined });
    expect(await settled({ ...signedRequest(), target: '/stet/psd2/v1/accounts?page=2' })).toEqual({
      waited: true,
      code: 'SIGNATURE_INVALID',
    });
  });

  it('refuses what needs no RSA operation at once, without waiting for the worker', async () => {
    expect(await settled({ ...signedRequest(), body: Buffer.from('{}') })).toEqual({
      waited: false,
      code: 'DIGEST_INVALID',
    });
  });

  it('remembers only verified signatures and refuses the replay of one', async () => {
    const fresh: Institution = {
      ...institution,
      signatureFreshness: { windowSeconds: 60, replayCache: true },
    };
    const replays = new SignatureReplayCache();
    const request = { ...signedRequest(), institution: fresh };
    const tampered = { ...request, target: '/stet/psd2/v1/accounts?page=2' };
    expect((await settled(tampered, replays)).code).toBe('SIGNATURE_INVALID');
    // Both sent before either is answered: the second is the replay.
    const [once, twice] = await Promise.all([settled(request, replays), settled(request, replays)]);
    expect([once.code, twice.code]).toEqual([undefined, 'SIGNATURE_INVALID']);
  });
});
