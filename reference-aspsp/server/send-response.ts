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
  let body: Buffer | undefined;
  if (answer.json !== undefined) {
    body = Buffer.from(JSON.stringify(answer.json), 'utf8');
    headers['content-type'] = 'application/json';
  } else if (answer.html !== undefined) {
    body = Buffer.from(answer.html, 'utf8');
    headers['content-type'] = 'text/html; charset=utf-8';
  }
  headers['content-length'] = String(body?.length ?? 0);
  response.writeHead(answer.status, headers);
  response.end(body);
}
