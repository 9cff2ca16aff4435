import { Command, CommanderError } from 'commander';
import { isCodedError } from '../lib/coded-error.ts';
import { errorCodes } from '../lib/error-codes.ts';
import { userSystemError } from './system-errors.ts';
import { ExitCode } from '../lib/exit-codes.ts';
import { commandsFor } from './commands/index.ts';
import { toolVersion } from './option-values.ts';
import { helpConfiguration } from './help-format.ts';

/**
 * Entry point of the `stet-harness` command line.
 *
 * Every command module registers itself on the program and returns its exit code through
 * `process.exitCode`; errors the product raises on purpose ({@link CodedError}) print their code and
 * hint and exit with their code's status in the registry (2 but for a fuzz finding), anything else is a
 * bug of the harness and exits 2, with its stack.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('stet-harness')
    .description('Conformance harness and reference bank for the STET PSD2 API (AISP, CBPII, PISP)')
    .version(toolVersion(), '-V, --version', 'print the version of stet-harness')
    // Program options only before the command: `run --version v1.6.2` is run's filter.
    .enablePositionalOptions()
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp(helpConfiguration)
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
      process.stderr.write(`  hint: ${coded.hint}\n`);
      return errorCodes[coded.code].exit;
    }
    process.stderr.write(`stet-harness: internal error (a bug in the harness, please report it)\n`);
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return ExitCode.HarnessError;
  }
}
