import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Command } from 'commander';
import { examples } from '../help-format.ts';
import { loadTarget } from '../../harness/targets/load-target.ts';
import { ExitCode } from '../../lib/exit-codes.ts';
import { serializeHar } from '../../traffic/har/har-file.ts';
import { finishRecording } from '../../traffic/record/finish-recording.ts';
import { startRecorder } from '../../traffic/record/recorder.ts';
import { issueTlsCertificate } from '../../pki/index.ts';
import { defaultListenHost, listenWarning } from '../../traffic/net/listen-address.ts';
import { toolVersion } from '../../traffic/tool-version.ts';
import { TrafficError } from '../../traffic/traffic-error.ts';

const noRedactBanner = [
  '',
  '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  '!!  --no-redact: the recording will hold access and refresh tokens, codes,   !!',
  '!!  OTPs, PSU identifiers, names and IBANs IN CLEAR. Never commit or share it. !!',
  '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
  '',
].join('\n');

function waitForStop(): Promise<string> {
  return new Promise((done) => {
    const stop = (signal: string): void => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      done(signal);
    };
    const onInt = (): void => stop('SIGINT');
    const onTerm = (): void => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
  });
}

/** `stet-harness record`: a recording proxy in front of the target's institution hosts. */
export function register(program: Command): void {
  program
    .command('record')
    .description(
      'record institution traffic through an HTTPS proxy into a redacted HAR 1.2 file (stop with Ctrl-C)',
    )
    .requiredOption('--target <file>', 'target file of the institution hosts (targets/*.yaml)')
    .requiredOption('--out <file>', 'HAR file to write when the recording stops')
    .option(
      '--host <address>',
      'address to listen on; a non-loopback one lets others call through the proxy with your QWAC (warned)',
      defaultListenHost,
    )
    .option('--port <n>', 'proxy port (0 = any)', '0')
    .option('--ci', 'CI mode (also when CI=true): --no-redact is refused')
    .option('--no-redact', 'write tokens, codes and PSU data in clear (loud; refused in CI mode)')
    .addHelpText('after', examples('stet-harness record --target targets/my-bank.yaml --out traffic.har'))
    .action(
      async (options: {
        target: string;
        out: string;
        host: string;
        port: string;
        ci?: boolean;
        redact: boolean;
      }) => {
        const ci = options.ci === true || process.env['CI'] === 'true';
        if (!options.redact && ci)
          throw new TrafficError('ERR_REDACTION_REFUSED', '--no-redact is refused in CI mode', {
            hint: 'recordings made in CI are always redacted',
          });
        if (!options.redact) process.stderr.write(noRedactBanner);
        const port = Number(options.port);
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new TrafficError('ERR_REPLAY_OPTIONS', `--port must be a port number, not ${options.port}`, {
            hint: 'use 0 for any free port',
          });
        const target = loadTarget(options.target);
        const out = resolve(options.out);
        const ca = await issueTlsCertificate({
          commonName: 'stet-harness record proxy CA',
          usage: 'ca',
          validDays: 30,
        });
        const caPath = `${out}.proxy-ca.pem`;
        await mkdir(dirname(out), { recursive: true });
        await writeFile(caPath, ca.cert);
        const warning = listenWarning('record', options.host);
        if (warning !== undefined) process.stderr.write(`${warning}\n`);
        const recorder = await startRecorder({
          ca,
          host: options.host,
          port,
          upstream: {
            baseUrl: target.baseUrl,
            connect: target.connect,
            ca: target.ca,
            clientCertificate: target.tpp.qwac,
          },
          onError: (message) => process.stderr.write(`record: ${message}\n`),
        });
        process.stdout.write(
          `${JSON.stringify({ url: recorder.url, ca: caPath, baseUrl: target.baseUrl, out })}\n`,
        );
        process.stderr.write(
          `record: proxy on ${recorder.url}; send the institution host as SNI and Host; Ctrl-C writes ${out}\n`,
        );
        await waitForStop();
        const entries = await recorder.stop();
        const { har, secretsReplaced } = finishRecording(entries, {
          redact: options.redact,
          toolVersion: toolVersion(),
        });
        await writeFile(out, serializeHar(har));
        process.stderr.write(
          `record: wrote ${entries.length} exchange(s) to ${out}${options.redact ? `, ${secretsReplaced} secret value(s) redacted and verified` : ' (NOT REDACTED)'}\n`,
        );
        process.exitCode = ExitCode.Conforms;
      },
    );
}
