import type { Command } from 'commander';
import { ExitCode } from '../../lib/exit-codes.ts';
import { checkTargetFile } from '../../harness/targets/target-check.ts';
import { TargetError } from '../../harness/targets/target-error.ts';
import { examples } from '../help-format.ts';

/**
 * `stet-harness target check FILE`: validates a target file offline (schema, PEM files, certificate
 * dates and chains, key pairs) and lists what is still to fill in. Exit 0 ready to run, 1 only
 * things to fill in remain, 2 the file cannot be used (`ERR_TARGET_INVALID`, naming each file and line).
 */
export function register(program: Command): void {
  const target = program
    .command('target')
    .description('work with target files (targets/*.yaml) offline')
    .addHelpText('after', examples('stet-harness target check targets/my-bank.yaml'));
  target
    .command('check')
    .description(
      'validate a target file without connecting: schema, PEM files, certificate dates and chains, key pairs; lists what is still to fill in (exit 0 ready, 1 to fill in, 2 unusable)',
    )
    .argument('<file>', 'target file (targets/*.yaml)')
    .addHelpText('after', examples('stet-harness target check targets/example-institution.yaml'))
    .action((file: string) => {
      const result = checkTargetFile(file);
      for (const path of result.checkedFiles) process.stdout.write(`ok       ${path}\n`);
      for (const p of result.toFill) process.stdout.write(`to fill  ${p.where}: ${p.message}\n`);
      if (result.problems.length > 0) throw new TargetError(result.problems);
      if (result.toFill.length > 0) {
        process.stdout.write(
          `${file}: ${result.toFill.length} thing(s) still to fill in before a run (exit 1)\n`,
        );
        process.exitCode = ExitCode.NotConforming;
        return;
      }
      process.stdout.write(`${file}: ready to run (${result.checkedFiles.length} PEM files checked)\n`);
      process.exitCode = ExitCode.Conforms;
    });
}
