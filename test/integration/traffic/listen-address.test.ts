/**
 * `record` and `replay` listen on 127.0.0.1 unless `--host` says otherwise (the record proxy forwards
 * with the TPP's QWAC), and warn for a non-loopback address. Bound to 127.0.0.1, a server refuses a
 * connection to 127.0.0.2 (another loopback address: Linux routes it to the same interface), which an
 * all-interfaces bind accepts: that tells the two binds apart without a network.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startRecorder } from '../../../traffic/record/recorder.ts';
import { issueTlsCertificate } from '../../../pki/index.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = fileURLToPath(new URL('../../unit/traffic/fixtures/ais-session.har', import.meta.url));

/** Whether a TCP connection to address:port is accepted. */
function accepts(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Runs `stet-harness replay` with `args` until its start line, probes it, then stops it with SIGINT. */
async function replay(
  args: string[],
  probe: (port: number) => Promise<void>,
): Promise<{ stderr: string; url: string }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bin/stet-harness.ts', 'replay', fixture, ...args],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const line = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
    });
    child.once('exit', (code) => reject(new Error(`replay exited ${String(code)}: ${stderr}`)));
  });
  const start: unknown = JSON.parse(line);
  const url = typeof start === 'object' && start !== null && 'url' in start ? String(start.url) : '';
  try {
    await probe(Number(new URL(url).port));
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    await exited;
  }
  return { stderr, url };
}

describe('the listening address of replay and record', () => {
  it('replay binds 127.0.0.1 by default, silently', async () => {
    const result = await replay([], async (port) => {
      expect(await accepts('127.0.0.1', port)).toBe(true);
      expect(await accepts('127.0.0.2', port)).toBe(false);
    });
    expect(result.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(result.stderr).not.toContain('WARNING');
  });

  it('replay binds what --host says, and warns for a non-loopback address', async () => {
    const result = await replay(['--host', '0.0.0.0'], async (port) => {
      expect(await accepts('127.0.0.2', port)).toBe(true);
    });
    expect(result.stderr).toContain(
      'WARNING: replay listens on 0.0.0.0, not on a loopback address: anyone who can reach it can read the recorded answers.',
    );
  });

  it('the record proxy binds 127.0.0.1 by default, and another address when asked', async () => {
    const ca = await issueTlsCertificate({ commonName: 'proxy CA', usage: 'ca' });
    const upstream = {
      baseUrl: 'https://api-<institution_code>.psd2.groupbank.example',
      connect: { host: '127.0.0.1', port: 9 },
      ca: undefined,
      clientCertificate: await issueTlsCertificate({ ca, commonName: 'tpp', usage: 'clientAuth' }),
    };
    const local = await startRecorder({ ca, upstream });
    const open = await startRecorder({ ca, upstream, host: '0.0.0.0' });
    try {
      expect(local.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(await accepts('127.0.0.1', local.port)).toBe(true);
      expect(await accepts('127.0.0.2', local.port)).toBe(false);
      expect(await accepts('127.0.0.2', open.port)).toBe(true);
    } finally {
      await local.stop();
      await open.stop();
    }
  });
});
