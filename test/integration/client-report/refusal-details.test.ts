import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeDigest } from '../../../protocol/digest.ts';
import { isRecord } from '../../../reference-aspsp/lib/is-record.ts';
import { startCore, tokenForm, type Core } from '../reference-core/fixture.ts';

const probe = '/stet/psd2/v1.6.2/core-probe';

function problemOf(json: unknown): Record<string, unknown> {
  if (!isRecord(json) || !isRecord(json['problem'])) throw new Error(`no problem in ${JSON.stringify(json)}`);
  return json['problem'];
}

function expectedOf(json: unknown): Record<string, unknown> {
  const expected = problemOf(json)['expected'];
  if (!isRecord(expected)) throw new Error('no expected member');
  return expected;
}

describe('refusals in sandbox mode', () => {
  let core: Core;
  let token: string;
  const log: string[] = [];

  beforeAll(async () => {
    core = await startCore({ log: (line) => log.push(line) });
    token = (await core.tokens()).access_token;
  }, 60_000);

  afterAll(async () => {
    await core.close();
  });

  it('explain a missing Signature with the headers required and the signing string the bank builds', async () => {
    const answer = await core.client.call({
      path: probe,
      token,
      sign: false,
      headers: { 'x-request-id': 'rq-unsigned' },
    });
    expect(answer.status).toBe(401);
    expect(answer.json).toMatchObject({ message: 'SIGNATURE_INVALID', status: 401 });
    const problem = problemOf(answer.json);
    expect(problem).toMatchObject({
      type: 'urn:stet-harness:problem:SIGNATURE_INVALID',
      status: 401,
      detail: 'no Signature header',
      instance: 'urn:x-request-id:rq-unsigned',
    });
    const expected = expectedOf(answer.json);
    const policy = core.reference.info.institutions.find((i) => i.code === '10101')?.signatureHeaders;
    expect(expected['requiredHeaders']).toEqual(policy);
    expect(expected['missingHeaders']).toEqual(policy);
    const lines: Record<string, string> = {
      '(request-target)': `(request-target): get ${probe}`,
      digest: `digest: ${computeDigest('')}`,
      'x-request-id': 'x-request-id: rq-unsigned',
      date: 'date: <absent>',
    };
    expect(expected['signingString']).toBe((policy ?? []).map((name) => lines[name]).join('\n'));
  });

  it('name the policy header left out of the signature', async () => {
    const answer = await core.client.call({ path: probe, token, sign: ['(request-target)'] });
    expect(answer.status).toBe(401);
    expect(expectedOf(answer.json)['missingHeaders']).toEqual(['digest']);
  });

  it('give the Digest the bank computed for the body received', async () => {
    const body = JSON.stringify({ hello: 'world' });
    const answer = await core.client.call({
      method: 'POST',
      path: probe,
      token,
      body,
      headers: { 'content-type': 'application/json', digest: computeDigest('something else') },
    });
    expect(answer.status).toBe(400);
    expect(expectedOf(answer.json)).toMatchObject({
      digest: computeDigest(body),
      digestReceived: computeDigest('something else'),
    });
  });

  it('give the redirect_uri on file when the token request names another', async () => {
    const code = await core.code();
    const tpp = core.reference.info.tpp;
    const answer = await core.client.call(
      tokenForm({
        grant_type: 'authorization_code',
        client_id: tpp.clientId,
        code,
        redirect_uri: 'https://tpp.example/other',
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: 'invalid_grant' });
    expect(expectedOf(answer.json)).toEqual({
      redirectUriOnFile: tpp.redirectUri,
      redirectUriSent: 'https://tpp.example/other',
    });
  });

  it('are logged one line each with the code and X-Request-ID, never the token', async () => {
    await core.client.call({ path: probe, token, sign: false, headers: { 'x-request-id': 'rq-logged' } });
    const line = log.find((l) => l.includes('rq-logged'));
    expect(line).toBe(`refused 401 SIGNATURE_INVALID x-request-id=rq-logged GET ${probe}`);
    expect(log.join('\n')).not.toContain(token);
  });
});

describe('refusals in live mode', () => {
  let core: Core;

  beforeAll(async () => {
    core = await startCore({ mode: 'live' });
  }, 60_000);

  afterAll(async () => {
    await core.close();
  });

  it('keep the plain STET body', async () => {
    const answer = await core.client.call({ path: probe, token: 'none', sign: false });
    expect(answer.status).toBe(401);
    expect(isRecord(answer.json) && Object.keys(answer.json).sort()).toEqual([
      'error',
      'message',
      'path',
      'status',
      'timestamp',
    ]);
  });
});
