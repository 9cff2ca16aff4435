import { describe, expect, it } from 'vitest';
import { harEntry } from '../../../../traffic/har/har-entry-builder.ts';
import { finishRecording } from '../../../../traffic/record/finish-recording.ts';

const host = 'https://api-10101.psd2.groupbank.example';
const journeyId = '3f1c9a2e-7b44-4e0f-9d1a-5c8e2b6f0a17';
const journeyPath = `/stet/psd2/oauth/journeys/${journeyId}`;
/** A value that merely contains the journey id: never rewritten (redaction is whole-value). */
const longer = `${journeyId}x9`;

function exchange(options: {
  method: string;
  url: string;
  requestHeaders?: [string, string][];
  requestBody?: string;
  status: number;
  responseHeaders?: [string, string][];
  responseBody?: string;
}) {
  return harEntry({
    startedAt: new Date('2026-11-24T10:00:00Z'),
    method: options.method,
    url: options.url,
    requestHeaders: options.requestHeaders ?? [],
    requestBody: Buffer.from(options.requestBody ?? ''),
    status: options.status,
    statusText: '',
    responseHeaders: options.responseHeaders ?? [],
    responseBody: Buffer.from(options.responseBody ?? ''),
    waitMs: 1,
    receiveMs: 0,
  });
}

/** A PSU journey as `record` sees it: the redirect to the journey page, the page, its submission. */
const journey = [
  exchange({
    method: 'GET',
    url: `${host}/stet/psd2/oauth/authorize?response_type=code&client_id=PSDFR-ACPR-12345`,
    status: 303,
    responseHeaders: [['location', `${host}${journeyPath}`]],
  }),
  exchange({
    method: 'GET',
    url: `${host}${journeyPath}`,
    status: 200,
    responseHeaders: [['content-type', 'text/html; charset=utf-8']],
    responseBody: `<html><body><form method="post" action="${journeyPath}"><input name="identifier"></form><p>ref ${longer}</p></body></html>`,
  }),
  exchange({
    method: 'POST',
    url: `${host}${journeyPath}`,
    requestHeaders: [
      ['content-type', 'application/x-www-form-urlencoded'],
      ['referer', `${host}${journeyPath}`],
    ],
    requestBody: 'identifier=psu-ais-1',
    status: 200,
    responseHeaders: [['content-type', 'application/json']],
    responseBody: JSON.stringify({ reference: longer, next: journeyPath }),
  }),
];

describe('a recorded HAR keeps no PSU journey id', () => {
  const { har } = finishRecording(journey, { redact: true, toolVersion: 't' });
  const [redirect, page, submission] = har.log.entries;
  const placeholder = /^REDACTED-[A-Z]+-\d+$/;
  const redactedPath = new URL(page?.request.url ?? '').pathname;
  const redactedId = redactedPath.split('/').pop() ?? '';

  it('replaces the id in the journey page path with one placeholder', () => {
    expect(redactedPath.startsWith('/stet/psd2/oauth/journeys/')).toBe(true);
    expect(redactedId).toMatch(placeholder);
    expect(new URL(submission?.request.url ?? '').pathname).toBe(redactedPath);
  });

  it('replaces it in the Location header, the form action and the Referer', () => {
    expect(redirect?.response.headers.find((h) => h.name === 'location')?.value).toBe(
      `${host}${redactedPath}`,
    );
    expect(redirect?.response.redirectURL).not.toContain(journeyId);
    expect(page?.response.content.text).toContain(`action="${redactedPath}"`);
    expect(submission?.request.headers.find((h) => h.name === 'referer')?.value).toBe(
      `${host}${redactedPath}`,
    );
  });

  it('replaces it in a cookie that carries it, with the same placeholder as in the path', () => {
    const withCookie = exchange({
      method: 'GET',
      url: `${host}${journeyPath}`,
      requestHeaders: [['cookie', `journey=${journeyId}`]],
      status: 200,
    });
    const redacted = finishRecording([withCookie], { redact: true, toolVersion: 't' }).har.log.entries[0];
    expect(JSON.stringify(redacted)).not.toContain(journeyId);
    const idInPath = new URL(redacted?.request.url ?? '').pathname.split('/').pop() ?? '';
    expect(idInPath).toMatch(/^REDACTED-[A-Z]+-\d+$/);
    expect(redacted?.request.headers.find((h) => h.name === 'cookie')?.value).toBe(`journey=${idInPath}`);
  });

  it('leaves the id as a whole value nowhere, and a longer value that contains it untouched', () => {
    const text = JSON.stringify(har);
    expect(text.split(longer).join('')).not.toContain(journeyId);
    expect(page?.response.content.text).toContain(`ref ${longer}`);
    expect(JSON.parse(submission?.response.content.text ?? '{}')).toEqual({
      reference: longer,
      next: redactedPath,
    });
  });

  it('keeps the id when the recording is not redacted (--no-redact)', () => {
    const clear = finishRecording(journey, { redact: false, toolVersion: 't' });
    expect(clear.har.log.entries[1]?.request.url).toBe(`${host}${journeyPath}`);
  });
});
