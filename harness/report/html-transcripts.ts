/**
 * The transcripts of the HTML report, loaded on demand: each problem cell's steps (requests and
 * responses, curl command, screenshot) rendered to escaped markup here, all of them packed into one
 * gzip, base64 data block of the page. The page's script unpacks the block the first time a cell is
 * opened and inserts that cell's markup, so a report with a hundred failures stays small and opens at
 * once, and still needs no other file.
 *
 * The block is a `<script type="application/gzip">` data block: never run, and base64 holds no `<`.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { curlCommand } from './curl.ts';
import { failingStep } from './format-value.ts';
import { escapeMarkup as e } from './markup-escape.ts';
import type { CaseResult, HeaderMap, Screenshot, StepResult } from './model.ts';

/**
 * Bodies longer than this are cut in the HTML report (report.json keeps them whole): the failing step's
 * more generously than the steps leading to it.
 */
const maxBodyChars = { failing: 8_000, other: 2_000 } as const;

/** Bodies with more lines than this are folded (a `<details>` to open). */
const foldLines = 25;

/** The id of the page's data block. */
export const transcriptsBlockId = 'transcripts';

/** The markup of one cell's transcripts: each step with HTTP exchanges, a curl command or a screenshot. */
export function cellTranscripts(result: CaseResult): string {
  const failing = failingStep(result);
  const parts = result.steps
    .filter((step) => step.transcript.length > 0 || step.screenshot !== undefined || step.curl !== undefined)
    .map((step) => stepDetails(step, step === failing));
  return parts.length === 0 ? '<p>No request was made.</p>' : parts.join('\n');
}

/** The data block holding `markup` (cell key → markup), gzip then base64. */
export function transcriptsBlock(markup: ReadonlyMap<string, string>): string {
  const packed = gzipSync(JSON.stringify(Object.fromEntries(markup)), { level: 9 }).toString('base64');
  return `<script type="application/gzip" id="${transcriptsBlockId}">${packed}</script>`;
}

/** The cell key → markup map of a page's data block (what the page's script reads; tests read it too). */
export function unpackTranscripts(html: string): Record<string, string> {
  const open = `<script type="application/gzip" id="${transcriptsBlockId}">`;
  const start = html.indexOf(open);
  if (start < 0) return {};
  const base64 = html.slice(start + open.length, html.indexOf('</script>', start));
  const value: unknown = JSON.parse(gunzipSync(Buffer.from(base64, 'base64')).toString('utf8'));
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((kv): kv is [string, string] => typeof kv[1] === 'string'),
  );
}

function stepDetails(step: StepResult, isFailing: boolean): string {
  const limit = isFailing ? maxBodyChars.failing : maxBodyChars.other;
  const parts = [
    `<details class="step"${isFailing ? ' open' : ''}><summary>${e(`${isFailing ? 'Failing step' : 'Step'}: ${step.name} (${step.kind})`)}</summary>`,
  ];
  for (const entry of step.transcript) {
    const status = entry.response === undefined ? 'no response' : String(entry.response.status);
    parts.push(`<h4>${e(`${entry.request.method} ${entry.request.url} → ${status}`)}</h4>`);
    const request = entry.request;
    parts.push(
      httpBlock('request', `${request.method} ${request.url}`, request.headers, request.body, limit),
    );
    if (entry.response !== undefined) {
      const response = entry.response;
      parts.push(httpBlock('response', `HTTP ${response.status}`, response.headers, response.body, limit));
    }
  }
  const last = step.transcript.at(-1);
  const curl = step.curl ?? (last === undefined ? undefined : curlCommand(last.request));
  // The request as sent, to edit by hand: its host may be gone, its hidden values are shell variables.
  if (curl !== undefined) parts.push('<h4>This request as curl</h4>', `<pre class="curl">${e(curl)}</pre>`);
  if (step.screenshot !== undefined) parts.push(screenshot(step.screenshot));
  parts.push('</details>');
  return parts.join('\n');
}

/** Only image types browsers render, only base64: anything else is left out rather than trusted. */
function screenshot(shot: Screenshot): string {
  if (!/^image\/(png|jpeg|webp|gif)$/.test(shot.mediaType) || !/^[A-Za-z0-9+/]*={0,2}$/.test(shot.base64)) {
    return '<p>(screenshot omitted: not a base64 PNG, JPEG, WebP or GIF image)</p>';
  }
  return `<figure class="screenshot"><img alt="screenshot of the failing step" src="data:${shot.mediaType};base64,${shot.base64}"><figcaption>Screenshot</figcaption></figure>`;
}

/** A body for reading: JSON pretty-printed, anything else as it came. */
export function readableBody(body: string): string {
  const trimmed = body.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return body;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return body;
  }
}

/** A request or response as a `<pre>`, its body pretty-printed and folded when long. */
function httpBlock(
  kind: 'request' | 'response',
  firstLine: string,
  headers: HeaderMap,
  body: string | undefined,
  limit: number,
): string {
  const lines = [firstLine];
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
  }
  const head = `<pre class="${kind}">${e(lines.join('\n'))}</pre>`;
  if (body === undefined || body === '') return head;
  const text = readableBody(body);
  const shown =
    text.length > limit
      ? `${text.slice(0, limit)}\n… (${text.length - limit} more characters in report.json)`
      : text;
  const pre = `<pre class="${kind} body">${e(shown)}</pre>`;
  const count = shown.split('\n').length;
  return count > foldLines
    ? `${head}<details class="body"><summary>${e(`body (${count} lines)`)}</summary>${pre}</details>`
    : `${head}${pre}`;
}
