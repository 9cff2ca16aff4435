import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StetClient, parseServeInfo, targetFromServeInfo, type Target } from '../../../harness/index.ts';
import { TppClient } from '../../../harness/client/tpp-client.ts';
import { browserJourneyDriver } from '../../../harness/journeys/browser-driver.ts';
import type { JourneyDriver, JourneyInput } from '../../../harness/journeys/journey-driver.ts';
import { SecretSet } from '../../../harness/report/secret-set.ts';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';

describe('browser journey driver (system Chromium) on the reference pages', () => {
  let reference: RunningReference;
  let target: Target;
  let client: StetClient;
  let driver: JourneyDriver;
  let psu: { identifier: string; otp: string };

  beforeAll(async () => {
    reference = await startReference({
      port: 0,
      store: { kind: 'memory' },
      mode: 'sandbox',
      log: () => undefined,
    });
    target = targetFromServeInfo(parseServeInfo(reference.info));
    client = new StetClient(target, new SecretSet());
    const { psu: cloned } = await new TppClient({ client, target, institution: '10101' }).clonePsu('alice');
    psu = { identifier: String(cloned?.identifier), otp: String(cloned?.otp) };
    driver = browserJourneyDriver({
      steps: undefined,
      connect: target.connect,
      hosts: ['api-10101.psd2.groupbank.example'],
      timeoutMs: 5_000,
    });
  }, 60_000);
  afterAll(async () => {
    await driver.close?.();
    await client.close();
    await reference.close();
  });

  const input = (outcome: JourneyInput['outcome'], redirectUri = target.tpp.redirectUri): JourneyInput => {
    const url = new URL('https://api-10101.psd2.groupbank.example/stet/psd2/oauth/authorize');
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: target.tpp.clientId,
      redirect_uri: redirectUri,
      scope: 'aisp',
      state: 'st-browser',
    }).toString();
    return { institution: '10101', authorizeUrl: url.href, redirectUri, ...psu, outcome, travel: undefined };
  };

  it('consents and catches the callback with a code', async () => {
    const result = await driver.run(input('consent'));
    expect(result.callback['state']).toBe('st-browser');
    expect(result.callback['code']).toMatch(/.{8,}/);
  }, 60_000);

  it('refuses and catches the access_denied callback', async () => {
    expect((await driver.run(input('refuse'))).callback).toMatchObject({
      error: 'access_denied',
      error_description: 'refused',
    });
  }, 60_000);

  it('fails with a screenshot when the pages never reach the callback', async () => {
    const run = driver.run(input('consent', 'https://unregistered.example/cb'));
    await expect(run).rejects.toMatchObject({
      code: 'ERR_JOURNEY_FAILED',
      failure: { screenshot: { mediaType: 'image/png' } },
    });
  }, 60_000);
});
