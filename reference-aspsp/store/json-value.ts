/**
 * Serialisation of stored values: JSON text, refusing what JSON would silently corrupt.
 */
import { StoreError } from './store.ts';

/**
 * JSON text of `value`; throws {@link StoreError} `ERR_STORE_NOT_JSON` for `undefined`, functions,
 * symbols, bigints and non-finite numbers, which `JSON.stringify` would drop or turn into `null`.
 */
export function toJsonText(value: unknown, where: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, (_key, v: unknown) => {
      if (typeof v === 'function' || typeof v === 'symbol') throw new TypeError(`a ${typeof v} is not JSON`);
      if (typeof v === 'number' && !Number.isFinite(v)) throw new TypeError(`${v} is not JSON`);
      return v;
    });
  } catch (cause) {
    throw notJson(where, cause instanceof Error ? cause.message : String(cause), cause);
  }
  if (text === undefined) throw notJson(where, 'undefined is not JSON');
  return text;
}

function notJson(where: string, reason: string, cause?: unknown): StoreError {
  return new StoreError('ERR_STORE_NOT_JSON', `cannot store ${where}: ${reason}`, {
    cause,
    hint: 'store plain JSON data (objects, arrays, strings, finite numbers, booleans, null)',
  });
}

/** Adds `by` to the JSON text of a counter; throws `ERR_STORE_NOT_A_COUNTER` for a non-number. */
export function incremented(text: string | undefined, by: number, where: string): number {
  if (!Number.isFinite(by)) throw new StoreError('ERR_STORE_NOT_A_COUNTER', `increment of ${where} by ${by}`);
  const current = text === undefined ? 0 : fromJsonText(text);
  if (typeof current !== 'number') {
    throw new StoreError('ERR_STORE_NOT_A_COUNTER', `${where} holds a ${typeof current}, not a counter`, {
      hint: 'increment only keys that hold numbers, or are absent',
    });
  }
  return current + by;
}

/**
 * Parses stored JSON text (always written by {@link toJsonText}, so it is valid JSON) into a deeply
 * frozen value: stores may hand one parsed value to every reader (cached-store.ts), so no reader may
 * change it; building a changed copy is the way.
 */
export function fromJsonText(text: string): unknown {
  return deepFreeze(JSON.parse(text));
}

function deepFreeze(value: unknown): unknown {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
