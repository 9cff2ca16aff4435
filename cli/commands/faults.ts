import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { CodedError } from '../../lib/coded-error.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { faultCatalogue } from '../../reference-aspsp/faults/catalogue.ts';

/** A `faults` invocation the user must fix. */
export class FaultsOptionError extends CodedError<'ERR_FAULTS_OPTION'> {}

/**
 * `stet-harness faults --list [--json]`: the deviations the reference can be started with (`serve
 * --fault`, `run --fault`), each with the rule ids it breaks.
 */
export function register(program: Command): void {
  program
    .command('faults')
    .description('list the deliberate deviations the reference bank can be started with (--fault)')
    .option('--list', 'list every fault (the default)')
    .option('--json', 'print a JSON array of { name, description, rules }')
    .addHelpText('after', examples('stet-harness faults --list'))
    .action((options: { list?: boolean; json?: boolean }) => {
      if (options.list === false)
        throw new FaultsOptionError('ERR_FAULTS_OPTION', 'nothing to do', { hint: 'use --list' });
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify(faultCatalogue, null, 2)}\n`);
      } else {
        const width = Math.max(...faultCatalogue.map((fault) => fault.name.length));
        for (const fault of faultCatalogue) {
          process.stdout.write(`${fault.name.padEnd(width)}  ${fault.description}\n`);
          process.stdout.write(`${''.padEnd(width)}  rules: ${fault.rules.join(', ')}\n`);
        }
        process.stdout.write(`${faultCatalogue.length} faults\n`);
      }
      process.exitCode = ExitCode.Conforms;
    });
}
