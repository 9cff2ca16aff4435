import { isIP } from 'node:net';

/** The address `record`, `replay` and `serve` listen on unless `--host` says otherwise. */
export const defaultListenHost = '127.0.0.1';

/** True for an address only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return /^::ffff:127\./.test(bare);
}

/** What anyone reaching each tool on the network could do with it. */
const exposure = {
  record: 'anyone who can reach it can make calls authenticated with the TPP certificate through the proxy',
  replay: 'anyone who can reach it can read the recorded answers',
  serve: 'anyone who can reach it can use the reference bank, whose PSU journey pages need no certificate',
} as const;

/**
 * The warning to print before listening on `host`, or undefined for a loopback address: whoever
 * reaches a non-loopback address can use the tool (the record proxy forwards with the TPP's QWAC,
 * the reference bank's journey pages need no certificate).
 */
export function listenWarning(tool: keyof typeof exposure, host: string): string | undefined {
  if (isLoopback(host)) return undefined;
  const what = exposure[tool];
  return `WARNING: ${tool} listens on ${host}, not on a loopback address: ${what}. Use --host 127.0.0.1 unless you mean it.`;
}
