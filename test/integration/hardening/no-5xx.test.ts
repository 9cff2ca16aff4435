import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CbpiiPispFixture, codeOf, paymentBody } from '../reference-cbpii-pisp/fixture.ts';

let fixture: CbpiiPispFixture;
// The embedded store: PostgreSQL refused the deep JSON the memory store kept, and answered 500.
const dir = mkdtempSync(join(tmpdir(), 'stet-no-5xx-'));

beforeAll(async () => {
  fixture = await CbpiiPispFixture.start({ store: { kind: 'embedded', dir } });
});

afterAll(async () => {
  await fixture.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Nested arrays `depth` levels deep, as JSON text. */
function nested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/**
 * Sends raw bytes on a fresh mTLS connection of the demo TPP and resolves with what came back until
 * the server closed the connection or `waitMs` passed.
 */
function raw(bytes: string, waitMs = 5000): Promise<{ text: string; closed: boolean; ms: number }> {
  const tpp = fixture.reference.info.tpp;
  const url = new URL(fixture.reference.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: url.hostname,
      port: Number(url.port),
      servername: fixture.host(),
      ca: readFileSync(fixture.reference.info.ca, 'utf8'),
      cert: readFileSync(tpp.qwacCert, 'utf8'),
      key: readFileSync(tpp.qwacKey, 'utf8'),
    });
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false, ms: Date.now() - started });
    }, waitMs);
    socket.on('secureConnect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true, ms: Date.now() - started });
    });
  });
}

describe('no input reaches a 5xx', () => {
  it('refuses a payment request nested 3,000 levels deep with 400 FF01', async () => {
    // An unknown top-level field is kept, so the nesting reached the store before the bound.
    const body = JSON.stringify(paymentBody()).replace('{', `{"x":${nested(3000)},`);
    const initiated = await fixture.initiate({ body });
    expect([initiated.answer.status, codeOf(initiated.answer)]).toEqual([400, 'FF01']);
  });

  it('refuses a body nested deeper than the bound on any JSON route, before the route reads it', async () => {
    const answer = await fixture.sandbox('/psus', { body: JSON.parse(`{"persona":${nested(65)}}`) });
    expect([answer.status, codeOf(answer)]).toEqual([400, 'FF01']);
    const shallow = await fixture.sandbox('/psus', { body: { persona: 'alice' } });
    expect(shallow.status).toBe(201);
  });

  it('refuses a clock travel out of range with 400 FF01 and leaves the PSU usable', async () => {
    const psu = await fixture.psu('alice');
    for (const body of [
      { travel: 'P9999999999W' },
      { travel: '-P9999999999W' },
      { at: '+275760-09-13T00:00:00Z' },
    ]) {
      const answer = await fixture.sandbox(`/psus/${psu.psuId}/clock`, { body });
      expect([JSON.stringify(body), answer.status, codeOf(answer)]).toEqual([
        JSON.stringify(body),
        400,
        'FF01',
      ]);
    }
    const later = await fixture.sandbox(`/psus/${psu.psuId}/clock`, { body: { travel: 'P1D' } });
    expect(later.status).toBe(200);
    const moved = Date.parse(String((later.json as { now?: unknown }).now)) - Date.now();
    expect(Math.abs(moved - 86_400_000)).toBeLessThan(60_000);
  });

  it('answers 413 to a declared Content-Length over the limit without waiting for the body', async () => {
    const answer = await raw(
      `POST /sandbox/v1/psus HTTP/1.1\r\nHost: ${fixture.host()}\r\ncontent-type: application/json\r\ncontent-length: 10000000\r\n\r\n{`,
    );
    expect(answer.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.text).toMatch(/x-request-id: /i);
    expect(answer.ms).toBeLessThan(4000);
  });

  it('refuses duplicate Host headers with 400', async () => {
    const answer = await raw(
      `GET /sandbox/v1/personas HTTP/1.1\r\nHost: ${fixture.host()}\r\nHost: api-20202.psd2.groupbank.example\r\nconnection: close\r\n\r\n`,
    );
    expect(answer.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.text).toContain('"HEADER_DUPLICATED"');
  });

  it('refuses duplicate Authorization headers with 400 HEADER_DUPLICATED', async () => {
    const answer = await raw(
      `GET /sandbox/v1/personas HTTP/1.1\r\nHost: ${fixture.host()}\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\nconnection: close\r\n\r\n`,
    );
    expect(answer.text).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.text).toContain('"HEADER_DUPLICATED"');
  });
});
