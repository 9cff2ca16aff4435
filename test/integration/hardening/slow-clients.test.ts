import { readFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type RunningReference } from '../../../reference-aspsp/index.ts';

let reference: RunningReference;

beforeAll(async () => {
  reference = await startReference({
    store: { kind: 'memory' },
    log: () => undefined,
    timeouts: { headersMs: 400, requestMs: 800 },
  });
});

afterAll(async () => {
  await reference.close();
});

/** Writes `bytes` and never more; resolves with what came back and how long until the server closed. */
function stall(bytes: string): Promise<{ text: string; closedAfterMs: number | undefined }> {
  const url = new URL(reference.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect({
      host: url.hostname,
      port: Number(url.port),
      servername: 'api-10101.psd2.groupbank.example',
      ca: readFileSync(reference.info.ca, 'utf8'),
      cert: readFileSync(reference.info.tpp.qwacCert, 'utf8'),
      key: readFileSync(reference.info.tpp.qwacKey, 'utf8'),
    });
    let text = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: undefined });
    }, 8000);
    socket.on('secureConnect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
  });
}

describe('slow clients cannot hold a socket', () => {
  it('closes a connection whose request headers never end', async () => {
    const result = await stall(
      'GET /sandbox/v1/personas HTTP/1.1\r\nHost: api-10101.psd2.groupbank.example\r\n',
    );
    expect(result.closedAfterMs).toBeDefined();
    expect(result.closedAfterMs).toBeLessThan(5000);
  });

  it('closes a connection whose body never arrives in full', async () => {
    const result = await stall(
      'POST /sandbox/v1/psus HTTP/1.1\r\nHost: api-10101.psd2.groupbank.example\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"persona"',
    );
    expect(result.closedAfterMs).toBeDefined();
    expect(result.closedAfterMs).toBeLessThan(5000);
  });
});
