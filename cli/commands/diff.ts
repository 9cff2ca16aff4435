import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { StetClient } from '../../harness/client/stet-client.ts';
import { SecretSet } from '../../harness/report/secret-set.ts';
import { loadTarget } from '../../harness/targets/load-target.ts';
import { institutionHost } from '../../harness/targets/target-definition.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { parseHostName, versionCalendar } from '../../spec/lib/index.ts';
import { diffHar, isAdvisory, type ExchangeDiff } from '../../traffic/diff/diff-har.ts';
import { freshTokenSource } from '../../traffic/diff/fresh-token.ts';
import { readStetHarFile } from '../../traffic/har/stet-har.ts';

function line(diff: ExchangeDiff): string {
  const details = diff.differences.map(
    (d) =>
      `        ${isAdvisory(d) ? '(advisory) ' : ''}${d.rules.length === 0 ? '' : `${d.rules.join(', ')}: `}${d.message}\n`,
  );
  const label =
    diff.differences.length === 0 ? 'same ' : diff.differences.every(isAdvisory) ? 'ADVIS' : 'DIFF ';
  return `${label} #${diff.index} ${diff.request}\n${details.join('')}`;
}

/** `stet-harness diff`: the recorded requests sent to another target, verdicts compared. */
export function register(program: Command): void {
  program
    .command('diff')
    .description(
      'send the requests of a HAR to another target and compare the verdicts of the `check` judgements on both sides (status per operation, error code, schema, links vs consent, date bounds, echoes, token fields), naming the rule each difference breaks',
    )
    .argument('<file>', 'HAR file of STET PSD2 traffic (from `record`, a browser or any proxy)')
    .requiredOption('--against <target>', 'target file to send the requests to')
    .option('--strict', 'differences under rules that are our choices (advisory) fail too')
    .addHelpText('after', examples('stet-harness diff traffic.har --against targets/my-bank.yaml'))
    .action(async (file: string, options: { against: string; strict?: boolean }) => {
      const har = await readStetHarFile(file);
      const target = loadTarget(options.against);
      const client = new StetClient(target, new SecretSet());
      const fallback = target.institutions[0]?.code ?? '';
      try {
        const diffs = await diffHar(
          har,
          async (request) => {
            // The same institution at the other target: its host there, its signature policy there
            // (the client signs with the institution's policy).
            const institution = parseHostName(versionCalendar(), request.host)?.code ?? fallback;
            const exchange = await client.send({
              institution,
              host: institutionHost(target, institution),
              method: request.method,
              path: request.path,
              headers: request.headers,
              body: request.body,
              tpp: target.tpp,
              signing: request.signed ? {} : 'unsigned',
            });
            return { status: exchange.status, headers: exchange.headers, text: exchange.text };
          },
          {
            freshToken: freshTokenSource(client, target, (message) =>
              process.stderr.write(`diff: ${message}; calls with a token older than the recording keep it\n`),
            ),
            onExchange: (done, total) => {
              if (process.stderr.isTTY && (done % 25 === 0 || done === total))
                process.stderr.write(`diff: ${done}/${total} exchange(s) re-sent\r`);
            },
          },
        );
        const differing = diffs.filter((d) => d.differences.length > 0);
        const advisory = differing.filter((d) => d.differences.every(isAdvisory));
        for (const d of diffs) process.stdout.write(line(d));
        process.stdout.write(
          `${diffs.length} exchange(s), ${differing.length} with differences${advisory.length === 0 ? '' : ` (${advisory.length} advisory only: on our choices${options.strict === true ? ', failing with --strict' : '; --strict fails them'})`}\n`,
        );
        const failing = options.strict === true ? differing.length : differing.length - advisory.length;
        process.exitCode = failing > 0 ? ExitCode.NotConforming : ExitCode.Conforms;
      } finally {
        await client.close();
      }
    });
}
