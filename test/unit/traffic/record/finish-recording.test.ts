import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../../../lib/coded-error.ts';
import { harEntry } from '../../../../traffic/har/har-entry-builder.ts';
import { finishRecording } from '../../../../traffic/record/finish-recording.ts';

function tokenExchange(body: string) {
  return harEntry({
    startedAt: new Date('2026-11-24T10:00:00Z'),
    method: 'POST',
    url: 'https://api-10101.psd2.groupbank.example/stet/psd2/oauth/token',
    requestHeaders: [['content-type', 'application/x-www-form-urlencoded']],
    requestBody: Buffer.from('grant_type=client_credentials&client_id=PSDFR-ACPR-12345&scope=pisp'),
    status: 200,
    statusText: '',
    responseHeaders: [['content-type', 'application/json']],
    responseBody: Buffer.from(body),
    waitMs: 1,
    receiveMs: 0,
  });
}

describe('finishRecording', () => {
  it('redacts and verifies a recording', () => {
    const { har, secretsReplaced } = finishRecording(
      [tokenExchange('{"access_token":"tok-0123456789","token_type":"Bearer","expires_in":3600}')],
      { redact: true, toolVersion: 't' },
    );
    expect(secretsReplaced).toBe(1);
    expect(JSON.stringify(har)).not.toContain('tok-0123456789');
  });

  it('writes nothing when the verification pass finds a secret left in clear', () => {
    try {
      finishRecording([tokenExchange('{"access_token":12345678901234,"token_type":"Bearer"}')], {
        redact: true,
        toolVersion: 't',
      });
      expect.unreachable('the leak must be refused');
    } catch (error) {
      expect(isCodedError(error, 'ERR_REDACTION_LEAK')).toBe(true);
    }
  });
});
