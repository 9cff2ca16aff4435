import { CodedError } from '../lib/coded-error.ts';

/**
 * A system error that is the user's to fix rather than a bug, as a coded error: a port already in use
 * (`serve`, `record`, `replay` with `--port`) or one this user may not listen on.
 */
export function userSystemError(error: unknown): CodedError | undefined {
  if (!(error instanceof Error) || !('code' in error) || !('syscall' in error)) return undefined;
  if (error.syscall !== 'listen') return undefined;
  const port = 'port' in error && typeof error.port === 'number' ? error.port : undefined;
  const where = port === undefined ? 'the port asked for' : `port ${port}`;
  if (error.code === 'EADDRINUSE') {
    return new CodedError('ERR_PORT_IN_USE', `${where} is already in use`, {
      hint: 'stop what listens there (ss -ltnp shows it), or choose another --port (0 picks a free one)',
    });
  }
  if (error.code === 'EACCES') {
    return new CodedError('ERR_PORT_DENIED', `${where} may not be opened by this user`, {
      hint: 'choose a --port above 1023, or 0 for a free one',
    });
  }
  return undefined;
}
