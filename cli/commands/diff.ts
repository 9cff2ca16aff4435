import type { Command } from 'commander';
import { StetClient } from '../../harness/client/stet-client.ts';
import { SecretSet } from '../../harness/report/secret-set.ts';
import { loadTarget } from '../../harness/targets/load-target.ts';
import { defaultSignatureHeaders, institutionHost } from '../../harness/targets/target-definition.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { parseHostName, versionCalendar } from '../../spec/lib/index.ts';
import { diffHar } from '../../traffic/diff/diff-har.ts';
import { readHarFile } from '../../traffic/har/har-file.ts';

/** `stet-harness diff`: the recorded requests sent to another target, answers compared. */
export function register(program: Command): void {
  program
    .command('diff')
    .description(
      'send the requests of a HAR to another target and report differences of status, error code, schema validity and links',
    )
    .argument('<file>', 'HAR file')
    .requiredOption('--against <target>', 'target file to send the requests to')
    .action(async (file: string, options: { against: string }) => {
      const har = await readHarFile(file);
      const target = loadTarget(options.against);
      const client = new StetClient(target, new SecretSet());
      const fallback = target.institutions[0]?.code ?? '';
      try {
        const diffs = await diffHar(har, async (request) => {
          // The same institution at the other target: its host there, its signature policy there.
          const institution = parseHostName(versionCalendar(), request.host)?.code ?? fallback;
          const policy = target.institutions.find((i) => i.code === institution)?.signatureHeaders ?? [
            ...defaultSignatureHeaders,
          ];
          const exchange = await client.send({
            institution,
            host: institutionHost(target, institution),
            method: request.method,
            path: request.path,
            headers: request.headers,
            body: request.body,
            tpp: target.tpp,
            signing: request.signed ? { headers: policy } : undefined,
          });
          return { status: exchange.status, headers: exchange.headers, text: exchange.text };
        });
        const differing = diffs.filter((d) => d.differences.length > 0);
        for (const d of diffs)
          process.stdout.write(
            `${d.differences.length === 0 ? 'same ' : 'DIFF '} #${d.index} ${d.request}\n${d.differences.map((x) => `        ${x}\n`).join('')}`,
          );
        process.stdout.write(`${diffs.length} exchange(s), ${differing.length} with differences\n`);
        process.exitCode = differing.length > 0 ? ExitCode.NotConforming : ExitCode.Conforms;
      } finally {
        await client.close();
      }
    });
}
