import type { ServerResponse } from 'node:http';
import type { RouteResponse } from './route.ts';

/**
 * Writes a handler's answer. Every response goes through here, so the `X-Request-ID` echo (contracts
 * §4) cannot be forgotten by a handler; `echoRequestId: false` only serves the fault of that name.
 */
export function sendResponse(
  response: ServerResponse,
  answer: RouteResponse,
  options: { requestId: string; echoRequestId: boolean },
): void {
  if (response.headersSent || response.destroyed) return;
  const headers: Record<string, string> = { 'cache-control': 'no-store', ...answer.headers };
  if (options.echoRequestId) headers['x-request-id'] = options.requestId;
  // A string body, not a Buffer: Node writes the head and a string body in one chunk, where a Buffer
  // goes out as a second one, and no copy of the body is made before the socket encodes it.
  let body: string | undefined;
  if (answer.json !== undefined) {
    body = JSON.stringify(answer.json);
    headers['content-type'] = 'application/json';
  } else if (answer.html !== undefined) {
    body = answer.html;
    headers['content-type'] = 'text/html; charset=utf-8';
  }
  headers['content-length'] = String(body === undefined ? 0 : Buffer.byteLength(body, 'utf8'));
  response.writeHead(answer.status, headers);
  response.end(body, 'utf8');
}
