/**
 * A server started in the background — `serve`, `record`, `replay` — stops when the process that
 * started it is signalled: `npx stet-harness serve &` then `kill <that pid>` leaves no node process
 * behind (npm passes the signal to its `sh -c`, which dies without passing it on; the command sees its
 * launcher go and stops itself, cli/follow-launcher.ts), and the bin run directly is one node process
 * (no `tsx` parent) whose pid is the server's. Linux: the process tree is read with `ps`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReferencePki, type ReferencePki } from '../../../reference-aspsp/tpp/reference-pki.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const har = fileURLToPath(new URL('../../unit/traffic/fixtures/ais-session.har', import.meta.url));

let dir: string;
let pki: ReferencePki;
let target: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'background-servers-'));
  pki = await ensureReferencePki(join(dir, 'pki'));
  const { tpp } = pki.tpps;
  target = join(dir, 'target.yaml');
  await writeFile(
    target,
    `name: background
baseUrl: https://api-<institution_code>.psd2.groupbank.example
connect: 127.0.0.1:9
ca: ${pki.ca}
versions: [v1]
institutions: [{ code: '10101' }]
tpp:
  clientId: ${tpp.clientId}
  qwac: { cert: ${tpp.qwacCert}, key: ${tpp.qwacKey} }
  qseal: { key: ${tpp.qsealKey}, cert: ${tpp.qsealCert}, keyId: ${tpp.clientId} }
  redirectUri: ${tpp.redirectUri}
capabilities: [sandbox]
`,
  );
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every process whose parent chain reaches `pid`, `pid` included. */
function processTree(pid: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const tree = [pid];
  for (let i = 0; i < tree.length; i++)
    for (const [child, parent] of rows) if (parent === tree[i] && child !== undefined) tree.push(child);
  return tree;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function within(ms: number, check: () => Promise<boolean> | boolean): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts `command args` detached (its own process group, as `cmd &` in a script), waits for the start
 * line, sends SIGTERM to the started pid only, and says what was left of its process tree after 5 s.
 */
async function startThenSignal(
  command: string,
  args: string[],
): Promise<{ tree: number[]; port: number; left: number[]; listening: boolean }> {
  const child = spawn(command, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const line = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(stdout.split('\n')[0] ?? '');
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${String(code)}: ${stderr}`)));
  });
  const start: unknown = JSON.parse(line);
  const url = typeof start === 'object' && start !== null && 'url' in start ? String(start.url) : '';
  const port = Number(new URL(url).port);
  const pid = child.pid ?? 0;
  const tree = processTree(pid);
  try {
    expect(await accepts(port)).toBe(true);
    process.kill(pid, 'SIGTERM');
    await within(5_000, async () => tree.every((p) => !alive(p)) && !(await accepts(port)));
    return { tree, port, left: tree.filter(alive), listening: await accepts(port) };
  } finally {
    for (const p of tree.filter(alive)) process.kill(p, 'SIGKILL');
  }
}

describe('a server started in the background stops when the started process is signalled', () => {
  const commands: { name: string; args: () => string[] }[] = [
    { name: 'serve', args: () => ['serve', '--port', '0', '--store', 'memory'] },
    { name: 'record', args: () => ['record', '--target', target, '--out', join(dir, 'out.har')] },
    { name: 'replay', args: () => ['replay', har] },
  ];
  for (const { name, args } of commands) {
    it(`leaves no process of \`npx stet-harness ${name}\` and closes its port after SIGTERM to the npx pid`, async () => {
      const { tree, left, listening } = await startThenSignal('npx', ['stet-harness', ...args()]);
      // npm, its sh -c and the node of the command: the case the launcher watch is for.
      expect(tree.length).toBeGreaterThanOrEqual(3);
      expect(left).toEqual([]);
      expect(listening).toBe(false);
    }, 60_000);
  }

  it('is one node process when the bin is run directly, which SIGTERM stops', async () => {
    const { tree, left, listening } = await startThenSignal(join(root, 'bin', 'stet-harness.ts'), [
      'serve',
      '--port',
      '0',
      '--store',
      'memory',
    ]);
    expect(tree).toHaveLength(1);
    expect(left).toEqual([]);
    expect(listening).toBe(false);
  }, 60_000);
});
