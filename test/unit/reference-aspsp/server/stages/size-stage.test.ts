import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../../reference-aspsp/server/api-error.ts';
import { bodyLimitBytes } from '../../../../../reference-aspsp/server/read-body.ts';
import { sizeStage } from '../../../../../reference-aspsp/server/stages/size-stage.ts';
import { referenceChoices } from '../../../../../reference-aspsp/choices/index.ts';

/** A request whose body arrives in `chunks`, with the given headers. */
function request(headers: Record<string, string>, chunks: Buffer[]): IncomingMessage {
  const message = new IncomingMessage(new Socket());
  Object.assign(message.headers, headers);
  for (const chunk of chunks) message.push(chunk);
  message.push(null);
  return message;
}

async function refusal(run: Buffer | Promise<Buffer>): Promise<ApiError | undefined> {
  try {
    await run;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  return undefined;
}

describe('the size stage', () => {
  it('reads a chunked body whole, once', async () => {
    const message = request({ 'transfer-encoding': 'chunked' }, [Buffer.from('{"a":'), Buffer.from('1}')]);
    const body = await sizeStage(message, new ServerResponse(message), referenceChoices);
    expect(body.toString()).toBe('{"a":1}');
  });

  it('gives an empty body to a request without Content-Length or Transfer-Encoding', async () => {
    const message = request({}, []);
    expect((await sizeStage(message, new ServerResponse(message), referenceChoices)).length).toBe(0);
  });

  it('gives the empty body of a request without one at once, not a promise to wait for', () => {
    const message = request({ 'content-length': '0' }, []);
    const body = sizeStage(message, new ServerResponse(message), referenceChoices);
    expect(Buffer.isBuffer(body) && body.length === 0).toBe(true);
  });

  it('refuses a body over the limit 413 FF01, closing the connection when the length was declared', async () => {
    const over = Buffer.alloc(bodyLimitBytes + 1);
    const declared = request({ 'content-length': String(over.length) }, [over]);
    const early = await refusal(sizeStage(declared, new ServerResponse(declared), referenceChoices));
    expect([early?.code, early?.status, early?.headers]).toEqual(['FF01', 413, { connection: 'close' }]);
    const chunked = request({ 'transfer-encoding': 'chunked' }, [over]);
    const late = await refusal(sizeStage(chunked, new ServerResponse(chunked), referenceChoices));
    expect([late?.code, late?.status, late?.headers]).toEqual(['FF01', 413, {}]);
  });

  it('takes a body of exactly the limit', async () => {
    const message = request({ 'content-length': String(bodyLimitBytes) }, [Buffer.alloc(bodyLimitBytes)]);
    expect((await sizeStage(message, new ServerResponse(message), referenceChoices)).length).toBe(
      bodyLimitBytes,
    );
  });
});
