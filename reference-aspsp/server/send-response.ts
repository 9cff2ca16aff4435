import type { ServerResponse } from 'node:http';
import type { RouteResponse } from './route.ts';

/**
 * Writes a handler's answer. Every response goes through here, so the `X-Request-ID` echo (contracts
 * §4) cannot be forgotten by a handler; `echoRequestId: false` only serves the fault of that name.
 */
export function sendResponse(
  response: ServerResponse,
  answer: RouteResponse,
  options: {
    requestId: string;
    echoRequestId: boolean;
    /** Cache-Control of every answer (choice TRN-NO-STORE), none when undefined. */
    cacheControl: string | undefined;
    /** The media type of a JSON body (choice TRN-JSON-RESPONSES). */
    jsonType: string;
  },
): void {
  // Stryker disable next-line LogicalOperator: equivalent: a handler answers once, so neither is true when it does
  if (response.headersSent || response.destroyed) return;
  // A string body, not a Buffer: Node writes the head and a string body in one chunk, where a Buffer
  // goes out as a second one, and no copy of the body is made before the socket encodes it.
  let body: string | undefined;
  let type: string | undefined;
  if (answer.json !== undefined) {
    body = JSON.stringify(answer.json);
    type = options.jsonType;
  } else if (answer.html !== undefined) {
    body = answer.html;
    type = 'text/html; charset=utf-8';
  }
  // Stryker disable next-line StringLiteral: equivalent: Node reads an empty encoding as UTF-8
  const length = String(body === undefined ? 0 : Buffer.byteLength(body, 'utf8'));
  if (answer.headers === undefined) {
    // Most answers: the head as a flat list of names and values, the order the object below gives.
    const head: string[] = [];
    if (options.cacheControl !== undefined) head.push('cache-control', options.cacheControl);
    if (options.echoRequestId) head.push('x-request-id', options.requestId);
    if (type !== undefined) head.push('content-type', type);
    head.push('content-length', length);
    response.writeHead(answer.status, head);
  } else {
    // The handler's own headers may replace cache-control; the pipeline's replace the handler's.
    const headers: Record<string, string> = {
      ...(options.cacheControl === undefined ? {} : { 'cache-control': options.cacheControl }),
      ...answer.headers,
    };
    if (options.echoRequestId) headers['x-request-id'] = options.requestId;
    if (type !== undefined) headers['content-type'] = type;
    headers['content-length'] = length;
    response.writeHead(answer.status, headers);
  }
  // Stryker disable next-line StringLiteral: equivalent: Node reads an empty encoding as UTF-8
  response.end(body, 'utf8');
}
