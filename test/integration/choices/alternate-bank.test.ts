import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCore, type Core } from '../reference-core/fixture.ts';

const bin = resolve(import.meta.dirname, '../../../bin/stet-harness.ts');
const tsx = resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');

// The same bank twice: the reference's choices, and the alternate bank's (`serve --choices alternate`).
let reference: Core;
let alternate: Core;
beforeAll(async () => {
  [reference, alternate] = await Promise.all([startCore(), startCore({ choices: 'alternate' })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([reference.close(), alternate.close()]);
});

/** A JSON array nested `depth` levels deep. */
function nested(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

describe('the alternate bank, beside the reference', () => {
  it('answers a wrong verb 405 with { code, message }, no Allow, no Cache-Control, as application/hal+json', async () => {
    const call = { method: 'DELETE', path: '/stet/psd2/v1.6.2/core-probe' };
    const [ours, theirs] = await Promise.all([reference.client.call(call), alternate.client.call(call)]);
    expect([ours.status, theirs.status]).toEqual([405, 405]);
    expect(ours.headers).toMatchObject({ allow: 'GET, POST', 'cache-control': 'no-store' });
    expect(ours.json).toMatchObject({ status: 405, message: 'NIMP', error: 'Method Not Allowed' });
    expect([theirs.headers.allow, theirs.headers['cache-control']]).toEqual([undefined, undefined]);
    expect(theirs.headers['content-type']).toBe('application/hal+json; charset=utf-8');
    expect(theirs.json).toEqual({ code: 'NIMP', message: expect.stringContaining('verb') as string });
  });

  it('answers a path that names no resource with a bare 404, the reference with RESOURCE_UNKNOWN', async () => {
    const call = { path: '/stet/psd2/v1.6.2/nowhere' };
    const [ours, theirs] = await Promise.all([reference.client.call(call), alternate.client.call(call)]);
    expect([ours.status, ours.json]).toEqual([404, expect.objectContaining({ message: 'RESOURCE_UNKNOWN' })]);
    expect([theirs.status, theirs.text]).toEqual([404, '']);
  });

  it('answers a call without Authorization 401 with the Bearer challenge alone', async () => {
    const call = { path: '/stet/psd2/v1.6.2/core-probe' };
    const [ours, theirs] = await Promise.all([reference.client.call(call), alternate.client.call(call)]);
    expect([ours.status, ours.json]).toEqual([401, expect.objectContaining({ message: 'invalid_token' })]);
    expect([theirs.status, theirs.headers['www-authenticate'], theirs.text]).toEqual([401, 'Bearer', '']);
  });

  it('answers an unknown institution 421 under its own code, the reference 404 INSTITUTION_UNKNOWN', async () => {
    const call = { path: '/stet/psd2/v1.6.2/core-probe', host: 'api-99999.psd2.groupbank.example' };
    const [ours, theirs] = await Promise.all([reference.client.call(call), alternate.client.call(call)]);
    expect([ours.status, ours.json]).toEqual([
      404,
      expect.objectContaining({ message: 'INSTITUTION_UNKNOWN' }),
    ]);
    expect([theirs.status, theirs.json]).toEqual([421, expect.objectContaining({ code: 'HOST_INVALID' })]);
  });

  it('reads a body of 100 KiB the reference refuses 413, and breaks on one nested past 512 levels', async () => {
    // POST /register parses its JSON body before anything of the registration is judged.
    const post = (core: Core, body: string) =>
      core.client.call({
        method: 'POST',
        path: '/stet/psd2/register',
        body,
        headers: { 'content-type': 'application/json' },
      });
    const large = JSON.stringify({ pad: 'x'.repeat(100 * 1024) });
    const deep = nested(600);
    const ours = await Promise.all([post(reference, large), post(reference, deep)]);
    const theirs = await Promise.all([post(alternate, large), post(alternate, deep)]);
    // Read, then refused for what it is: no registration request (FF01).
    expect(ours.map((answer) => answer.status)).toEqual([413, 400]);
    expect(theirs.map((answer) => answer.status)).toEqual([400, 500]);
    expect(theirs[0]?.json).toMatchObject({ code: 'FF01' });
  }, 60_000);
});

/** `stet-harness <args>`: its exit code and everything it wrote. */
function cli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(tsx, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => done({ code, output }));
  });
}

describe('--choices', () => {
  it('refuses a bank it does not know with a coded error, exit 2, in serve and in run', async () => {
    const [serve, run] = await Promise.all([
      cli(['serve', '--store', 'memory', '--port', '0', '--choices', 'lenient']),
      cli(['run', '--suite', 'routing', '--choices', 'lenient', '--reporter', 'json', '--out', '-']),
    ]);
    expect([serve.code, run.code]).toEqual([2, 2]);
    expect(serve.output).toContain('ERR_SERVE_OPTION');
    expect(run.output).toContain('ERR_RUN_OPTION');
    expect(run.output).toContain('--choices lenient is unknown');
  }, 60_000);

  it('applies to the embedded reference only: with --target it is refused', async () => {
    const run = await cli([
      'run',
      '--target',
      'targets/none.yaml',
      '--choices',
      'alternate',
      '--reporter',
      'json',
      '--out',
      '-',
    ]);
    expect(run.code).toBe(2);
    expect(run.output).toContain('--choices applies to the embedded reference only');
  }, 60_000);
});
