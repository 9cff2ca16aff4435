import { createRequire } from 'node:module';

/**
 * Commander collector for list options given repeatedly or comma-separated
 * (`--tag a --tag b,c` → `['a', 'b', 'c']`).
 */
export function collectList(value: string, previous: string[]): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== ''),
  ];
}

/** The product's version from package.json, for report headers. */
export function toolVersion(): string {
  const pkg: unknown = createRequire(import.meta.url)('../package.json');
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string'
    ? pkg.version
    : '0.0.0';
}
