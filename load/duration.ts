import { LoadError } from './load-error.ts';

const units: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Milliseconds of a load duration as k6 and autocannon users write it: `500ms`, `10s`, `2m`, `1h`,
 * or `1m30s`. A bare number is seconds.
 */
export function parseDuration(text: string): number {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  const joined = parts.map((p) => p[0]).join('');
  if (parts.length === 0 || joined !== trimmed) {
    throw new LoadError('ERR_LOAD_OPTION', `duration ${JSON.stringify(text)} is not understood`, {
      hint: 'e.g. 10s, 2m, 1m30s or 500ms',
    });
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * (units[p[2] ?? 's'] ?? 1000), 0);
  if (ms <= 0) throw new LoadError('ERR_LOAD_OPTION', `duration ${text} is zero`, { hint: 'e.g. 10s' });
  return ms;
}

/** The k6 form of a duration in milliseconds (`10s`, `1500ms`). */
export function k6Duration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${Math.round(ms)}ms`;
}
