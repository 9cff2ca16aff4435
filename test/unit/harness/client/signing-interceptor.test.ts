import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import {
  signingInterceptor,
  type SigningDispatchOptions,
} from '../../../../harness/client/signing-interceptor.ts';
import {
  computeDigest,
  parseSignatureHeader,
  verifyDigest,
  verifySignature,
} from '../../../../protocol/index.ts';
import { selfSigned } from '../fixtures/tls-fixture.ts';

const seal = await selfSigned('tpp.example');
const policy = ['(request-target)', 'date', 'digest', 'x-request-id'];

/** Runs one request through the interceptor over a dispatch that only records what reaches it. */
function dispatchOnce(
  opts: Dispatcher.DispatchOptions & SigningDispatchOptions,
): Dispatcher.DispatchOptions | undefined {
  let reached: Dispatcher.DispatchOptions | undefined;
  const inner: Dispatcher.Dispatch = (o) => {
    reached = o;
    return true;
  };
  const dispatch = signingInterceptor({ key: { keyId: 'PSDFR-ACPR-12345', privateKey: seal.key }, policy })(
    inner,
  );
  dispatch(opts, {});
  return reached;
}

function sentHeaders(reached: Dispatcher.DispatchOptions | undefined): Record<string, string> {
  const headers = reached?.headers;
  if (headers === undefined || headers === null || Array.isArray(headers) || Symbol.iterator in headers)
    throw new Error('the interceptor passed no header record on');
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)]));
}

describe('signingInterceptor', () => {
  it('signs a request that asks nothing with the policy and every psu-* header, so protocol/ verifies it', () => {
    const body = '{"balances":[]}';
    const headers = sentHeaders(
      dispatchOnce({
        method: 'PUT',
        path: '/stet/psd2/v1.6.2/consents',
        headers: { 'Content-Type': 'application/json', 'PSU-IP-Address': '192.0.2.1' },
        body,
      }),
    );
    const signature = parseSignatureHeader(headers['signature'] ?? '');
    expect(signature.keyId).toBe('PSDFR-ACPR-12345');
    expect(signature.headers).toEqual([...policy, 'psu-ip-address']);
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(verifyDigest(headers['digest'] ?? '', body)).toMatchObject({ valid: true });
    expect(
      verifySignature({
        method: 'PUT',
        path: '/stet/psd2/v1.6.2/consents',
        headers,
        signature,
        publicKey: seal.cert,
      }),
    ).toEqual({ valid: true });
  });

  it('sends an unsigned request as it is, with only its X-Request-ID added', () => {
    const reached = dispatchOnce({
      method: 'POST',
      path: '/sandbox/v1/psus',
      headers: { accept: 'x' },
      signing: 'unsigned',
    });
    expect(Object.keys(sentHeaders(reached)).sort()).toEqual(['accept', 'x-request-id']);
    expect(reached).not.toHaveProperty('signing');
  });

  it('applies the variation of a transport case: exact headers, keyId and a broken digest', () => {
    const headers = sentHeaders(
      dispatchOnce({
        method: 'GET',
        path: '/stet/psd2/v1.6.2/accounts',
        headers: { 'psu-ip-address': '192.0.2.1', 'x-request-id': 'fixed' },
        signing: { exactHeaders: ['digest'], keyId: 'someone-else', badDigest: true },
      }),
    );
    const signature = parseSignatureHeader(headers['signature'] ?? '');
    expect(signature.headers).toEqual(['digest']);
    expect(signature.keyId).toBe('someone-else');
    expect(headers['x-request-id']).toBe('fixed');
    expect(headers['digest']).not.toBe(computeDigest(''));
  });

  it('reads the flat array form of headers undici also accepts', () => {
    const headers = sentHeaders(
      dispatchOnce({ method: 'GET', path: '/', headers: ['PSU-Date', 'Tue, 24 Nov 2026 10:00:00 GMT'] }),
    );
    expect(parseSignatureHeader(headers['signature'] ?? '').headers).toContain('psu-date');
  });

  it('tells onHeaders exactly the headers it passes on', () => {
    let told: Readonly<Record<string, string>> | undefined;
    const reached = dispatchOnce({
      method: 'GET',
      path: '/',
      onHeaders: (h) => {
        told = h;
      },
    });
    expect(told).toEqual(sentHeaders(reached));
    expect(told?.['signature']).toBeDefined();
    expect(reached).not.toHaveProperty('onHeaders');
  });

  it('refuses a streamed body, whose Digest cannot be computed before sending', () => {
    expect(() => dispatchOnce({ method: 'POST', path: '/', body: Readable.from(['x']) })).toThrow(
      /string or byte body/,
    );
  });
});
