import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { CodedError } from '../../../../lib/coded-error.ts';
import {
  startCallbackListener,
  type CallbackListener,
} from '../../../../harness/journeys/callback-listener.ts';
import { JourneyError } from '../../../../harness/journeys/journey-driver.ts';
import { manualJourneyDriver } from '../../../../harness/journeys/manual-driver.ts';

describe('manual journey driver and callback listener', () => {
  it('prints the authorize URL and resolves with the query of the callback', async () => {
    const listener = await startCallbackListener('http://127.0.0.1:0/callback');
    const lines: string[] = [];
    const driver = manualJourneyDriver(
      async () => listener,
      (line) => lines.push(line),
    );
    const redirectUri = `http://127.0.0.1:${listener.port}/callback`;
    const run = driver.run({
      institution: '10101',
      authorizeUrl: 'https://api-10101.bank.test/stet/psd2/oauth/authorize?state=s',
      redirectUri,
      identifier: 'x',
      otp: 'y',
      outcome: 'consent',
      travel: undefined,
    });
    const other = await request(`http://127.0.0.1:${listener.port}/elsewhere?code=nope`);
    await other.body.dump();
    expect(other.statusCode).toBe(404);
    const res = await request(`${redirectUri}?code=abc123&state=s`);
    await res.body.dump();
    expect(await run).toEqual({ callback: { code: 'abc123', state: 's' }, exchanges: [] });
    expect(lines.join('\n')).toContain('https://api-10101.bank.test/stet/psd2/oauth/authorize?state=s');
    await listener.close();
  });

  it('fails the journey (not the harness) when the bank never calls redirect_uri', async () => {
    const silent: CallbackListener = {
      port: 0,
      next: () => Promise.reject(new CodedError('ERR_CALLBACK_TIMEOUT', 'no callback on x within 1 ms')),
      close: async () => undefined,
    };
    const run = manualJourneyDriver(
      async () => silent,
      () => undefined,
    ).run({
      institution: '10101',
      authorizeUrl: 'https://api-10101.bank.test/stet/psd2/oauth/authorize',
      redirectUri: 'https://tpp.example/cb',
      identifier: 'x',
      otp: 'y',
      outcome: 'consent',
      travel: undefined,
    });
    await expect(run).rejects.toBeInstanceOf(JourneyError);
    await expect(run).rejects.toThrow(
      'the bank never called redirect_uri https://tpp.example/cb: no callback on x within 1 ms',
    );
  });

  it('gives up with ERR_CALLBACK_TIMEOUT when no callback comes', async () => {
    const listener = await startCallbackListener('http://127.0.0.1:0/cb');
    await expect(listener.next(50)).rejects.toMatchObject({ code: 'ERR_CALLBACK_TIMEOUT' });
    await listener.close();
  });

  it('serves https with a generated certificate when the redirect URI is https', async () => {
    const listener = await startCallbackListener('https://localhost:0/cb');
    const waiting = listener.next(5_000);
    const agent = new Agent({ connect: { rejectUnauthorized: false } });
    const res = await request(`https://127.0.0.1:${listener.port}/cb?error=access_denied`, {
      dispatcher: agent,
    });
    await res.body.dump();
    expect(await waiting).toEqual({ error: 'access_denied' });
    await agent.close();
    await listener.close();
  });
});
