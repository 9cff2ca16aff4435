/**
 * Reads one property of a value parsed from JSON or the store without casting it: undefined when the
 * value is not an object or has no such own property. Parsers build typed values from these reads.
 */
export function readField(value: unknown, name: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, name)) return undefined;
  const read: unknown = Reflect.get(value, name);
  return read;
}

/** The property as a string, or undefined. */
export function readString(value: unknown, name: string): string | undefined {
  const read = readField(value, name);
  return typeof read === 'string' ? read : undefined;
}
