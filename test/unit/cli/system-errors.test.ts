import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { userSystemError } from '../../../cli/system-errors.ts';

/** The error Node gives when listening on `port` fails. */
function listenError(port: number): Promise<unknown> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', done);
    server.listen(port, '127.0.0.1', () => server.close(() => done(undefined)));
  });
}

describe('system errors that are the user’s to fix', () => {
  it('turns a port in use into ERR_PORT_IN_USE naming the port', async () => {
    const busy = createServer();
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done));
    const address = busy.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const coded = userSystemError(await listenError(port));
      expect(coded?.code).toBe('ERR_PORT_IN_USE');
      expect(coded?.message).toBe(`port ${port} is already in use`);
      expect(coded?.hint).toContain('--port');
    } finally {
      await new Promise<void>((done) => busy.close(() => done()));
    }
  });

  it('leaves any other error to be reported as a bug', () => {
    expect(userSystemError(new Error('boom'))).toBeUndefined();
    const connect = Object.assign(new Error('connect ECONNREFUSED'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    expect(userSystemError(connect)).toBeUndefined();
  });
});
