import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mkdtemp, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { readHarFile } from '../../traffic/har/har-file.ts';
import { defaultListenHost, listenWarning } from '../../traffic/net/listen-address.ts';
import { startReplayServer } from '../../traffic/replay/replay-server.ts';
import { issueTlsCertificate } from '../../pki/index.ts';
import { TrafficError } from '../../traffic/traffic-error.ts';

/** `stet-harness replay`: a recording served as a mock institution host. */
export function register(program: Command): void {
  program
    .command('replay')
    .description('serve a HAR recording as a mock institution host over HTTPS (stop with Ctrl-C)')
    .argument('<file>', 'HAR file')
    .option(
      '--host <address>',
      'address to listen on; a non-loopback one serves the recording to the network (warned)',
      defaultListenHost,
    )
    .option('--port <n>', 'port (0 = any)', '0')
    .option('--mtls', 'require a client certificate (mutual TLS), issued by the CA given with --ca')
    .option('--ca <file>', 'PEM of the CA that issues the accepted client certificates (with --mtls)')
    .option('--match-header <name...>', 'request headers that must match too (default: none)')
    .addHelpText('after', examples('stet-harness replay traffic.har --port 8443'))
    .action(
      async (
        file: string,
        options: { host: string; port: string; mtls?: boolean; ca?: string; matchHeader?: string[] },
      ) => {
        const port = Number(options.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new TrafficError('ERR_REPLAY_OPTIONS', `--port must be a port number, not ${options.port}`, {
            hint: 'use 0 for any free port',
          });
        if (options.mtls === true && options.ca === undefined)
          throw new TrafficError(
            'ERR_REPLAY_OPTIONS',
            '--mtls needs --ca <file>: the CA of the accepted client certificates',
            { hint: 'for the reference: the ca of its start line' },
          );
        const har = await readHarFile(file);
        let clientCa: string | undefined;
        if (options.mtls === true && options.ca !== undefined) {
          try {
            clientCa = await readFile(options.ca, 'utf8');
          } catch (error) {
            throw new TrafficError('ERR_REPLAY_OPTIONS', `cannot read --ca ${options.ca}: ${String(error)}`, {
              hint: 'give the path of a PEM file',
            });
          }
        }
        const ca = await issueTlsCertificate({
          commonName: 'stet-harness replay CA',
          usage: 'ca',
          validDays: 30,
        });
        const caPath = join(await mkdtemp(join(tmpdir(), 'stet-replay-')), 'ca.pem');
        await writeFile(caPath, ca.cert);
        const warning = listenWarning('replay', options.host);
        if (warning !== undefined) process.stderr.write(`${warning}\n`);
        const server = await startReplayServer({
          har,
          ca,
          host: options.host,
          port,
          ...(clientCa === undefined ? {} : { mtlsClientCa: clientCa }),
          matchHeaders: options.matchHeader ?? [],
        });
        const hosts = [...new Set(har.log.entries.map((e) => new URL(e.request.url).host))];
        process.stdout.write(
          `${JSON.stringify({ url: server.url, ca: caPath, hosts, exchanges: har.log.entries.length })}\n`,
        );
        await new Promise<void>((done) => {
          process.once('SIGINT', () => done());
          process.once('SIGTERM', () => done());
        });
        await server.stop();
        process.exitCode = ExitCode.Conforms;
      },
    );
}
