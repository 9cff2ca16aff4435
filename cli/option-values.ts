import { createRequire } from 'node:module';
import { isCalendarDate } from '../spec/lib/index.ts';

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

/** What an `--at` value may be, for the hint of a refusal. */
export const atOptionHint = 'e.g. --at 2026-04-02 or --at 2026-04-02T09:00:00+02:00';

/**
 * An `--at` value: a day `YYYY-MM-DD` (read as noon UTC, the same Paris day) or an ISO instant with a
 * time. Anything else is handed to `refuse` (each command throws its own coded error).
 */
export function parseAtOption(value: string, refuse: (message: string) => Error): Date {
  if (isCalendarDate(value)) return new Date(`${value}T12:00:00Z`);
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value))
    throw refuse(`--at ${value} is not a date or an ISO instant`);
  return instant;
}

/** The product's version from package.json, for report headers. */
export function toolVersion(): string {
  const pkg: unknown = createRequire(import.meta.url)('../package.json');
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string'
    ? pkg.version
    : '0.0.0';
}
