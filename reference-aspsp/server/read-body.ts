import type { IncomingMessage } from 'node:http';

/** Largest request body the reference reads (docs/contracts.md §4: `413 FF01` beyond). */
export const bodyLimitBytes = 64 * 1024;

/** The body, or `too-large` once more than `limit` bytes arrived (the rest is drained, not stored). */
export type BodyResult =
  { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'declared-too-large' | 'aborted' };

/** The body of a request that has none (shared: nothing writes to it). */
export const emptyBody = Buffer.alloc(0);

const declaredTooLarge: BodyResult = { ok: false, reason: 'declared-too-large' };
const aborted: BodyResult = { ok: false, reason: 'aborted' };

/** The Content-Length values of a request without a body: none, or zero. */
const noLength: ReadonlySet<string | undefined> = new Set([undefined, '0']);

/**
 * True when the request has no body: no Transfer-Encoding and no Content-Length or a zero one
 * (HTTP/1.1: most calls are GETs). Node's server drains an unread request itself when the response
 * ends.
 */
export function hasNoBody(request: Pick<IncomingMessage, 'headers'>): boolean {
  return (
    request.headers['transfer-encoding'] === undefined && noLength.has(request.headers['content-length'])
  );
}

/**
 * Reads a request body up to `limit` bytes.
 *
 * A declared Content-Length over the limit is refused without reading (`declared-too-large`); a
 * chunked body is counted as it arrives. Past the limit the remaining bytes are drained so the keep-alive connection stays usable.
 */
export function readBody(
  request: IncomingMessage,
  limit = bodyLimitBytes,
  announced: 'refuse-unread' | 'drain' = 'refuse-unread',
): Promise<BodyResult> {
  // NaN without a Content-Length (chunked): never over the limit, counted as it arrives instead.
  const declared = Number(request.headers['content-length']);
  // Refused at once: waiting for megabytes the answer will not read only holds the socket. The
  // caller answers with `Connection: close`, so the unread body does not poison the connection.
  // A bank that drains it instead counts it as it arrives, like a chunked body.
  if (declared > limit && announced === 'refuse-unread') return Promise.resolve(declaredTooLarge);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      // Once past the limit, every later chunk is past it too: cleared, never stored.
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => {
      resolve(
        tooLarge ? { ok: false, reason: 'too-large' } : { ok: true, body: Buffer.concat(chunks, size) },
      );
    });
    // An errored or aborted upload has no client left to answer (the caller destroys the response).
    // Stryker disable next-line ArrowFunction: unobservable: a read left pending only holds its own request, whose client is gone
    request.on('error', () => resolve(aborted));
    // Stryker disable next-line ArrowFunction: unobservable: a read left pending only holds its own request, whose client is gone
    request.on('aborted', () => resolve(aborted));
  });
}
