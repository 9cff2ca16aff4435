import { readFile } from 'node:fs/promises';
import { TrafficError } from '../traffic-error.ts';
import type { Har } from './har.ts';
import { parseHar } from './parse-har.ts';

/** Reads and parses a HAR file; `ERR_HAR_UNREADABLE` when it cannot be read, `ERR_HAR_INVALID` when it is not HAR. */
export async function readHarFile(path: string): Promise<Har> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new TrafficError('ERR_HAR_UNREADABLE', `cannot read ${path}: ${String(error)}`, {
      cause: error,
      hint: 'check the path of the HAR file',
    });
  }
  return parseHar(text);
}

/** The HAR as the text the tools write: two-space indented JSON with a final newline. */
export function serializeHar(har: Har): string {
  return `${JSON.stringify(har, null, 2)}\n`;
}
