import { Command, CommanderError } from 'commander';
import { CodedError, isCodedError } from '../lib/coded-error.ts';
import { ExitCode } from '../lib/exit-codes.ts';
import { commandsFor } from './commands/index.ts';
import { toolVersion } from './option-values.ts';

/**
 * Entry point of the `stet-harness` command line.
 *
 * Every command module registers itself on the program and returns its exit code through
 * `process.exitCode`; errors the product raises on purpose ({@link CodedError}) print their code and
 * hint and exit 2, anything else is a bug of the harness and also exits 2, with its stack.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('stet-harness')
    .description('Conformance harness and reference bank for the STET PSD2 API (AISP, CBPII, PISP)')
    .version(toolVersion(), '-V, --version', 'print the version of stet-harness')
    // Program options only before the command: `run --version v1.6.2` is run's filter.
    .enablePositionalOptions()
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  for (const entry of commandsFor(argv)) (await entry.load()).register(program);
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : ExitCode.Conforms;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? ExitCode.Conforms : ExitCode.HarnessError;
    }
    const coded = isCodedError(error) ? error : userSystemError(error);
    if (coded !== undefined) {
      process.stderr.write(`stet-harness: error ${coded.code}: ${coded.message}\n`);
      if (coded.hint !== undefined) process.stderr.write(`  hint: ${coded.hint}\n`);
      return ExitCode.HarnessError;
    }
    process.stderr.write(`stet-harness: internal error (a bug in the harness, please report it)\n`);
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return ExitCode.HarnessError;
  }
}

/**
 * A system error that is the user's to fix rather than a bug, as a coded error: a port already in use
 * (`serve`, `record`, `replay` with `--port`) or one this user may not listen on.
 */
function userSystemError(error: unknown): CodedError | undefined {
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
