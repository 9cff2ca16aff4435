import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Choices } from '../../choices/index.ts';
import { ApiError } from '../api-error.ts';
import { emptyBody, hasNoBody, readBody } from '../read-body.ts';

/**
 * Stage 3, size: the body, read whole, up to 64 KiB (`413 FF01`). A body declared too large is not
 * read: the answer closes the connection rather than drain it. An aborted upload destroys the
 * response. The bytes are read once here; Digest, the body stage and the observer share them.
 *
 * A request without a body gets the empty body at once, not a promise: most calls are GETs, and the
 * pipeline goes on without waiting a turn of the microtask queue for them.
 */
export function sizeStage(
  request: IncomingMessage,
  response: ServerResponse,
  choices: Choices,
): Buffer | Promise<Buffer> {
  return hasNoBody(request) ? emptyBody : readWhole(request, response, choices);
}

async function readWhole(
  request: IncomingMessage,
  response: ServerResponse,
  choices: Choices,
): Promise<Buffer> {
  // The bank's limit (BAD-OVERSIZED-BODY) and how it meets a body announced past it (BAD-BODY-SIZE-EDGES).
  const limit = choices.of('BAD-OVERSIZED-BODY');
  const read = await readBody(request, limit, choices.of('BAD-BODY-SIZE-EDGES'));
  if (read.ok) return read.body;
  // Stryker disable next-line StringLiteral,CallExpression: unobservable: an aborted upload has no client left to see the answer
  if (read.reason === 'aborted') response.destroy();
  // Only a body counted through to its end leaves the connection usable; one refused unread closes it.
  const headers: Record<string, string> = read.reason === 'too-large' ? {} : { connection: 'close' };
  throw new ApiError('FF01', { status: 413, headers, detail: `body over ${limit / 1024} KiB` });
}
