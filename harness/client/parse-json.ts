/**
 * A response body parsed as JSON, or undefined when it is not a JSON object or array (an HTML page,
 * an empty body, garbage): callers judge the body, they never crash on it.
 */
export function parseJson(text: string): unknown {
  const t = text.trimStart();
  if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
