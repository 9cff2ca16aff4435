import { readFileSync } from 'node:fs';

/** The version of the product (package.json), written into HAR creators and reports. */
export function toolVersion(): string {
  const json: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return typeof json === 'object' && json !== null && 'version' in json && typeof json.version === 'string'
    ? json.version
    : '0.0.0';
}
