import type { HarContent, HarNameValue, HarPostData } from './har.ts';

/** The first value of header `name` (case-insensitive), or undefined. */
export function headerOf(headers: readonly HarNameValue[], name: string): string | undefined {
  const wanted = name.toLowerCase();
  return headers.find((h) => h.name.toLowerCase() === wanted)?.value;
}

/** The body text of a response (base64 content decoded), or undefined when the HAR holds none. */
export function contentText(content: HarContent): string | undefined {
  if (content.text === undefined) return undefined;
  return content.encoding === 'base64' ? Buffer.from(content.text, 'base64').toString('utf8') : content.text;
}

/** The parsed JSON of a body text, or undefined when it is absent or not JSON. */
export function jsonOf(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The form fields of a request body (params, or the urlencoded text), empty when it is not a form. */
export function formOf(postData: HarPostData | undefined): Map<string, string> {
  const form = new Map<string, string>();
  if (postData === undefined) return form;
  if (postData.params !== undefined) {
    for (const p of postData.params) form.set(p.name, p.value);
    return form;
  }
  if (!postData.mimeType.toLowerCase().startsWith('application/x-www-form-urlencoded')) return form;
  for (const [name, value] of new URLSearchParams(postData.text)) form.set(name, value);
  return form;
}

/** True for an object that is not an array or null. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
