/**
 * A throw-away PostgreSQL cluster for tests: initdb into a temporary directory, served on a unix
 * socket in that directory, stopped and deleted afterwards.
 *
 * initdb refuses to run as root, so under root (CI) the server runs as the `postgres` user (or
 * `nobody`) through `runuser`, in a directory that user owns.
 */
import { execFile } from 'node:child_process';
import { access, chown, constants, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A running cluster: its connection URL and how to stop it. */
export interface PostgresCluster {
  url: string;
  stop(): Promise<void>;
}

/** Starts a cluster; throws with an `apt-get install postgresql` hint when no binaries exist. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = await findPostgresBin();
  const asUser = process.getuid?.() === 0 ? await unprivilegedUser() : undefined;
  const dir = await mkdtemp(join(tmpdir(), 'stet-pg-'));
  if (asUser !== undefined) await chown(dir, asUser.uid, asUser.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const exec = async (tool: string, args: string[]): Promise<void> => {
    const command = join(bin, tool);
    const [file, argv] =
      asUser === undefined ? [command, args] : ['runuser', ['-u', asUser.name, '--', command, ...args]];
    try {
      await run(file, argv, { cwd: dir });
    } catch (error) {
      const stderr =
        typeof error === 'object' && error !== null && 'stderr' in error ? String(error.stderr) : '';
      throw new Error(`${tool} failed: ${stderr || String(error)}`, { cause: error });
    }
  };
  try {
    await exec('initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const serverOptions = `-p ${port} -k ${dir} -c listen_addresses='' -c fsync=off -c synchronous_commit=off`;
    await exec('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', serverOptions, '-w', 'start']);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}&port=${port}`,
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function findPostgresBin(): Promise<string> {
  const candidates = (process.env['PATH'] ?? '').split(delimiter).filter((d) => d !== '');
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  // Newest Debian version first.
  versions.sort((a, b) => Number(b) - Number(a));
  candidates.push(...versions.map((v) => join('/usr/lib/postgresql', v, 'bin')));
  for (const dir of candidates) {
    const ok = await Promise.all(
      ['initdb', 'pg_ctl', 'postgres'].map((tool) =>
        access(join(dir, tool), constants.X_OK).then(
          () => true,
          () => false,
        ),
      ),
    );
    if (ok.every(Boolean)) return dir;
  }
  throw new Error(
    'PostgreSQL server binaries (initdb, pg_ctl, postgres) were not found on PATH or in /usr/lib/postgresql/*/bin. ' +
      'The storage contract tests need them: run `apt-get install postgresql` (as root), or set DATABASE_URL to a ' +
      'PostgreSQL database the tests may use.',
  );
}

async function unprivilegedUser(): Promise<{ name: string; uid: number; gid: number }> {
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number((await run('id', ['-u', name])).stdout.trim());
      const gid = Number((await run('id', ['-g', name])).stdout.trim());
      return { name, uid, gid };
    } catch {
      // Try the next user.
    }
  }
  throw new Error('running as root, but neither the postgres nor the nobody user exists to run PostgreSQL');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
