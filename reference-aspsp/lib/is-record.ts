/** True when `value` is a plain JSON object (not null, not an array): the first step of every parser. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
